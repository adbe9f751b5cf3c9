/**
 * Queries over `read.applications` joined with `read.users`, on the caller's connection (the
 * API's tenant-scoped one): row-level security keeps each admin to their own ecosystems' rows.
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { ApplicantType, ApplicationStatus, BackgroundCheckStatus } from '../../domain/application/events';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';

type Queryable = Pick<PoolClient, 'query'>;

export interface ApplicationRow {
  id: string;
  ecosystemId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  applicantType: ApplicantType;
  status: ApplicationStatus;
  backgroundCheckStatus: BackgroundCheckStatus;
  approvalRequired: boolean;
  emailVerificationRequired: boolean;
  draft: Record<string, unknown>;
  waiverVersion: string | null;
  waiverAcceptedAt: string | null;
  lastNote: string | null;
  createdAt: string;
  submittedAt: string | null;
}

export interface ApplicationFilter {
  ecosystemId: string;
  statuses?: readonly ApplicationStatus[] | null;
  applicantTypes?: readonly ApplicantType[] | null;
  /** Part of the name or e-mail, any case. */
  search?: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = `a.id, a.ecosystem_id AS "ecosystemId", a.user_id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
  a.applicant_type AS "applicantType", a.status, a.background_check_status AS "backgroundCheckStatus", a.approval_required AS "approvalRequired",
  a.email_verification_required AS "emailVerificationRequired", a.draft, a.waiver_version AS "waiverVersion",
  ${iso('a.waiver_accepted_at')} AS "waiverAcceptedAt", a.last_note AS "lastNote", ${iso('a.created_at')} AS "createdAt",
  ${iso('a.submitted_at')} AS "submittedAt"`;

const FROM = 'read.applications a JOIN read.users u ON u.id = a.user_id';

export async function findApplication(db: Queryable, id: string): Promise<ApplicationRow | null> {
  const r = await db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id]);
  return r.rows[0] ?? null;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Newest first, keyset-paged by (created_at, id); `after` is the key of the last row shown. */
export async function listApplications(db: Queryable, filter: ApplicationFilter, page: { limit: number; after?: readonly unknown[] | null }): Promise<ApplicationRow[]> {
  let afterAt: string | null = null;
  let afterId: string | null = null;
  if (page.after) {
    const parsed = cursorSchema.safeParse(page.after);
    if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
    [afterAt, afterId] = parsed.data;
  }
  const search = filter.search?.trim() ? `%${escapeLike(filter.search.trim().toLowerCase())}%` : null;
  const r = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE a.ecosystem_id = $1
       AND ($2::text[] IS NULL OR a.status = ANY($2))
       AND ($3::text[] IS NULL OR a.applicant_type = ANY($3))
       AND ($4::text IS NULL OR lower(u.first_name || ' ' || u.last_name) LIKE $4 OR u.email LIKE $4)
       AND ($5::timestamptz IS NULL OR (a.created_at, a.id) < ($5::timestamptz, $6::uuid))
     ORDER BY a.created_at DESC, a.id DESC LIMIT $7`,
    [filter.ecosystemId, filter.statuses?.length ? filter.statuses : null, filter.applicantTypes?.length ? filter.applicantTypes : null,
      search, afterAt, afterId, page.limit]);
  return r.rows;
}
