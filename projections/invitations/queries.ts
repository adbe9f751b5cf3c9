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

export interface InvitationRow {
  id: string;
  ecosystemId: string;
  programId: string | null;
  role: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'PENDING' | 'ACCEPTED';
  issue: number;
  expiresAt: Date;
}

const COLUMNS = `id, ecosystem_id AS "ecosystemId", program_id AS "programId", role, user_id AS "userId", email,
  first_name AS "firstName", last_name AS "lastName", status, issue, expires_at AS "expiresAt"`;

export async function findInvitation(db: Queryable, id: string): Promise<InvitationRow | null> {
  const r = await db.query<InvitationRow>(`SELECT ${COLUMNS} FROM read.invitations WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The person's newest pending invitation into the ecosystem, as the tenant scope shows it. */
export async function pendingInvitationOf(db: Queryable, userId: string, ecosystemId: string): Promise<InvitationRow | null> {
  const r = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM read.invitations WHERE user_id = $1 AND ecosystem_id = $2 AND status = 'PENDING' ORDER BY invited_at DESC LIMIT 1`,
    [userId, ecosystemId]);
  return r.rows[0] ?? null;
}
