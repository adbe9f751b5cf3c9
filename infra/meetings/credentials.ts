/**
 * An ecosystem's meeting-provider credentials (migration 0349, decision 0058): written sealed,
 * read back only whole by the room maker, never by an API answer (`status` tells only whether and
 * when they were set). The sealer is the platform's SecretBox (api/auth/factors/secret-box.ts),
 * passed in, so this adapter needs no key of its own.
 */
import type { Pool } from 'pg';
import { z } from 'zod';

export const CREDENTIAL_PROVIDERS = ['LESSONSPACE', 'ZOOM'] as const;
export type CredentialProvider = (typeof CREDENTIAL_PROVIDERS)[number];

export const lessonspaceCredentialsSchema = z.object({ provider: z.literal('LESSONSPACE'), apiKey: z.string().min(1) });
export const zoomCredentialsSchema = z.object({
  provider: z.literal('ZOOM'), accountId: z.string().min(1), clientId: z.string().min(1), clientSecret: z.string().min(1),
});
export const providerCredentialsSchema = z.discriminatedUnion('provider', [lessonspaceCredentialsSchema, zoomCredentialsSchema]);
export type LessonspaceCredentials = z.infer<typeof lessonspaceCredentialsSchema>;
export type ZoomCredentials = z.infer<typeof zoomCredentialsSchema>;
export type ProviderCredentials = z.infer<typeof providerCredentialsSchema>;

export interface Sealer {
  seal(plain: Buffer, scope: string): string;
  open(sealed: string, scope: string): Buffer;
}

export interface CredentialStatus {
  provider: CredentialProvider;
  isSet: boolean;
  setAt: Date | null;
}

/** The associated data credentials are sealed under: they open only for their ecosystem and provider. */
const scopeOf = (ecosystemId: string, provider: CredentialProvider): string => `meeting-credentials:${ecosystemId}:${provider}`;

/** Something that runs one statement: a pool, or a client inside a transaction. */
interface Queryable {
  query: Pool['query'];
}

export class MeetingCredentials {
  constructor(private readonly db: Queryable, private readonly sealer: Sealer, private readonly clock: () => Date = () => new Date()) {}

  /** Sets (or replaces) the ecosystem's credentials for their provider. */
  async set(ecosystemId: string, credentials: ProviderCredentials, setBy: string): Promise<void> {
    const plain = Buffer.from(JSON.stringify(providerCredentialsSchema.parse(credentials)), 'utf8');
    const sealed = this.sealer.seal(plain, scopeOf(ecosystemId, credentials.provider));
    await this.db.query(
      `INSERT INTO meetings.credentials (ecosystem_id, provider, sealed, set_by, set_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (ecosystem_id, provider) DO UPDATE SET sealed = excluded.sealed, set_by = excluded.set_by, set_at = excluded.set_at`,
      [ecosystemId, credentials.provider, sealed, setBy, this.clock()]);
  }

  /** Removes them; whether there were any. */
  async clear(ecosystemId: string, provider: CredentialProvider): Promise<boolean> {
    const r = await this.db.query('DELETE FROM meetings.credentials WHERE ecosystem_id = $1 AND provider = $2', [ecosystemId, provider]);
    return (r.rowCount ?? 0) > 0;
  }

  /** Whether each provider's credentials are set, and since when: all an admin is answered. */
  async status(ecosystemId: string): Promise<CredentialStatus[]> {
    const r = await this.db.query<{ provider: CredentialProvider; set_at: Date }>(
      'SELECT provider, set_at FROM meetings.credentials WHERE ecosystem_id = $1', [ecosystemId]);
    return CREDENTIAL_PROVIDERS.map((provider) => {
      const row = r.rows.find((x) => x.provider === provider);
      return { provider, isSet: row !== undefined, setAt: row?.set_at ?? null };
    });
  }

  /** The credentials themselves, for making rooms; null when none are set. Throws when the stored text does not open. */
  async open<P extends CredentialProvider>(ecosystemId: string, provider: P): Promise<Extract<ProviderCredentials, { provider: P }> | null> {
    const r = await this.db.query<{ sealed: string }>(
      'SELECT sealed FROM meetings.credentials WHERE ecosystem_id = $1 AND provider = $2', [ecosystemId, provider]);
    if (!r.rows[0]) return null;
    const parsed = providerCredentialsSchema.parse(JSON.parse(this.sealer.open(r.rows[0].sealed, scopeOf(ecosystemId, provider)).toString('utf8')));
    if (parsed.provider !== provider) throw new Error(`Sealed ${provider} credentials of ${ecosystemId} hold another provider's`);
    return parsed as Extract<ProviderCredentials, { provider: P }>;
  }
}
