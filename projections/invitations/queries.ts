/**
 * Reads of the invitations read model. `invitationOfToken` runs before anyone is signed in, through
 * the SECURITY DEFINER function of migration 0340_invitations.sql; the others read `read.*` under
 * the request's tenant scope (ctx.read).
 */
import { z } from 'zod';
import { commonMessages } from '../../domain/shared/messages';
import { ValidationError } from '../../domain/shared/errors';
import type { Queryable } from '../../infra/db/pool';

/** The invitation a token hash was issued for (any issue, live or not); null when none. */
export async function invitationOfToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const r = await db.query<{ invitation_id: string | null }>('SELECT invites.invitation_of_token($1) AS invitation_id', [tokenHash]);
  return r.rows[0]?.invitation_id ?? null;
}

/** The ecosystem's programs that are not archived, as the tenant scope shows them (an invitation file names them). */
export async function programsOf(db: Queryable, ecosystemId: string): Promise<Array<{ id: string; name: string }>> {
  const r = await db.query<{ id: string; name: string }>('SELECT id, name FROM read.programs WHERE ecosystem_id = $1 AND NOT archived', [ecosystemId]);
  return r.rows;
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
  invitedAt: Date;
}

const COLUMNS = `id, ecosystem_id AS "ecosystemId", program_id AS "programId", role, user_id AS "userId", email,
  first_name AS "firstName", last_name AS "lastName", status, issue, expires_at AS "expiresAt", invited_at AS "invitedAt"`;

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

const cursorSchema = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

/**
 * An ecosystem's pending invitations, newest first, a page at a time; only those of `programIds`
 * when given (a program admin sees their programs' invitations).
 */
export async function listPendingInvitations(
  db: Queryable, ecosystemId: string, options: { limit: number; after?: readonly unknown[] | null; programIds?: readonly string[] | null },
): Promise<InvitationRow[]> {
  let afterAt: string | null = null;
  let afterId: string | null = null;
  if (options.after) {
    const parsed = cursorSchema.safeParse(options.after);
    if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
    [afterAt, afterId] = parsed.data;
  }
  const r = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM read.invitations
     WHERE ecosystem_id = $1 AND status = 'PENDING' AND ($2::uuid[] IS NULL OR program_id = ANY($2::uuid[]))
       AND ($3::timestamptz IS NULL OR (invited_at, id) < ($3::timestamptz, $4::uuid))
     ORDER BY invited_at DESC, id DESC LIMIT $5`,
    [ecosystemId, options.programIds ?? null, afterAt, afterId, options.limit]);
  return r.rows;
}
