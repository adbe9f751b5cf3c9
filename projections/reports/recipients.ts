/**
 * Who a scheduled report's recipient addresses are (decision 0076): an address that is a platform
 * user's, within the report's ecosystem (a role in force there) or a platform admin, gets the
 * report in that person's languagePreference; any other address gets the report's language.
 */
import type { PoolClient } from 'pg';

type Queryable = Pick<PoolClient, 'query'>;

export interface RecipientAccount {
  userId: string;
  /** As stored (en, sp), or null when the person never chose. */
  languagePreference: string | null;
}

const SQL = `
  SELECT u.email, u.id AS "userId", u.profile->>'languagePreference' AS "languagePreference"
    FROM read.users u
   WHERE u.email = ANY($2::text[]) AND NOT u.locked
     AND (u.platform_admin OR EXISTS (SELECT 1 FROM read.user_roles r WHERE r.user_id = u.id AND r.ecosystem_id = $1))`;

/** The accounts among these (lower-case) addresses, by address. */
export async function recipientAccounts(db: Queryable, ecosystemId: string, emails: readonly string[]): Promise<Map<string, RecipientAccount>> {
  if (emails.length === 0) return new Map();
  const { rows } = await db.query<RecipientAccount & { email: string }>(SQL, [ecosystemId, emails]);
  return new Map(rows.map((r) => [r.email, { userId: r.userId, languagePreference: r.languagePreference }]));
}
