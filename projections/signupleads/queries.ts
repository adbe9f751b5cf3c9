/**
 * The admins' list of sign-up leads over `read.signup_leads`, on the caller's connection (the API's
 * tenant-scoped one): row-level security keeps each admin to their own ecosystems' rows. One
 * statement per page, whatever its length; the ecosystem's sign-up page address comes with it.
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { ApplicantType } from '../../domain/application/events';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import type { CLIENT_PROFILE_TYPES } from '../../domain/user/profile/fields';

type Queryable = Pick<PoolClient, 'query'>;

export const LEAD_STATUSES = ['OPEN', 'USED', 'EXPIRED'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface SignupLeadRow {
  id: string;
  ecosystemId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  applicantType: ApplicantType;
  clientProfileType: (typeof CLIENT_PROFILE_TYPES)[number] | null;
  subject: string | null;
  leadSource: string | null;
  status: LeadStatus;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
  /** The ecosystem's public profile id (its sign-up page), null while it is archived. */
  profileId: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = `l.id, l.ecosystem_id AS "ecosystemId", l.first_name AS "firstName", l.last_name AS "lastName", l.email,
  l.phone_number AS "phoneNumber", l.applicant_type AS "applicantType", l.client_profile_type AS "clientProfileType", l.subject,
  l.lead_source AS "leadSource", CASE WHEN l.status = 'OPEN' AND l.expires_at <= $3 THEN 'EXPIRED' ELSE l.status END AS status,
  ${iso('l.created_at')} AS "createdAt", ${iso('l.expires_at')} AS "expiresAt", l.used_by AS "usedBy", p.profile_id AS "profileId"`;

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** The stored status a filter walks, and the expiry test on top of it. */
function statusCondition(status: LeadStatus | null | undefined): string {
  switch (status) {
    case 'OPEN': return `l.status = 'OPEN' AND l.expires_at > $3`;
    case 'EXPIRED': return `l.status = 'OPEN' AND l.expires_at <= $3`;
    case 'USED': return `l.status = 'USED'`;
    default: return 'true';
  }
}

/**
 * Newest first, keyset-paged by (created_at, id); `after` is the key of the last row shown. A
 * status filter walks the (ecosystem, status, created_at) index; EXPIRED walks the open leads and
 * skips those still usable (at most 30 days of them).
 */
export async function listSignupLeads(
  db: Queryable, filter: { ecosystemId: string; status?: LeadStatus | null; now: string }, page: { limit: number; after?: readonly unknown[] | null },
): Promise<SignupLeadRow[]> {
  let afterAt: string | null = null;
  let afterId: string | null = null;
  if (page.after) {
    const parsed = cursorSchema.safeParse(page.after);
    if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
    [afterAt, afterId] = parsed.data;
  }
  const r = await db.query<SignupLeadRow>(
    `SELECT ${COLUMNS}
       FROM read.signup_leads l LEFT JOIN read.ecosystem_profiles p ON p.ecosystem_id = l.ecosystem_id AND NOT p.archived
      WHERE l.ecosystem_id = $1 AND ${statusCondition(filter.status)}
        AND ($4::timestamptz IS NULL OR (l.created_at, l.id) < ($4::timestamptz, $5::uuid))
      ORDER BY l.created_at DESC, l.id DESC LIMIT $2`,
    [filter.ecosystemId, page.limit, filter.now, afterAt, afterId]);
  return r.rows;
}
