/**
 * Reads of the invitations read model. `invitationOfToken` runs before anyone is signed in, through
 * the SECURITY DEFINER function of migration 0340_invitations.sql; the others read `read.*` under
 * the request's tenant scope (ctx.read).
 */
import type { Queryable } from '../../infra/db/pool';

/** The invitation a token hash was issued for (any issue, live or not); null when none. */
export async function invitationOfToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const r = await db.query<{ invitation_id: string | null }>('SELECT invites.invitation_of_token($1) AS invitation_id', [tokenHash]);
  return r.rows[0]?.invitation_id ?? null;
}

/** The pending or accepted invitation of a person into one ecosystem, as the tenant scope shows it. */
export async function invitationsOfEmails(db: Queryable, ecosystemId: string, emails: readonly string[]): Promise<Map<string, string>> {
  const r = await db.query<{ email: string; status: string }>(
    'SELECT email, status FROM read.invitations WHERE ecosystem_id = $1 AND email = ANY($2::text[])', [ecosystemId, emails]);
  return new Map(r.rows.map((row) => [row.email, row.status]));
}
