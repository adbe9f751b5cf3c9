/**
 * Read model of sign-up applications (docs/decisions/0044): `read.applications`, one row per
 * person and ecosystem, for the admins' review list. Names and e-mail are not copied here: the
 * queries join `read.users`, so a renamed person reads renamed. Each update is guarded by the
 * stream revision it comes from, so a repeated or older event changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  applicationDraftSavedSchema, applicationReviewedSchema, applicationStartedSchema, backgroundCheckStatusSetSchema, waiverAcceptedSchema,
} from '../../domain/application/events';
import type { Projection, ProjectionHandler } from '../types';
import { registerApplicationBreadcrumbs } from './breadcrumbs';

registerApplicationBreadcrumbs();

export const APPLICATIONS_PROJECTION = 'applications';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.applications (
      id                          uuid PRIMARY KEY,
      ecosystem_id                uuid NOT NULL,
      user_id                     uuid NOT NULL,
      applicant_type              text NOT NULL CHECK (applicant_type IN ('TUTOR', 'PARENT', 'STUDENT')),
      status                      text NOT NULL CHECK (status IN ('DRAFT', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'DECLINED')),
      background_check_status     text NOT NULL,
      approval_required           boolean NOT NULL,
      email_verification_required boolean NOT NULL,
      draft                       jsonb NOT NULL DEFAULT '{}'::jsonb,
      waiver_version              text,
      waiver_accepted_at          timestamptz,
      last_note                   text,
      lead_id                     uuid,
      created_at                  timestamptz NOT NULL,
      submitted_at                timestamptz,
      updated_at                  timestamptz NOT NULL,
      revision                    integer NOT NULL
    );
    COMMENT ON TABLE ${s}.applications IS 'Sign-up applications, one per person and ecosystem: status, background check, waiver, the draft answers (personal data).';
  `;
}

function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `CREATE INDEX IF NOT EXISTS applications_review_idx ON ${s}.applications (ecosystem_id, status, created_at DESC, id DESC);`;
}

/** Applies `set` to the application the event is about, once per stream revision. */
function update(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const applicationId = (event.data as { applicationId: string }).applicationId;
    await ctx.client.query(
      `UPDATE ${ctx.table('applications')} SET ${set}, updated_at = $2, revision = $3 WHERE id = $1 AND revision < $3`,
      [applicationId, event.metadata.occurredAt, event.revision, ...values(event)]);
  };
}

const handlers: Record<string, ProjectionHandler> = {
  ApplicationStarted: async (event, { client, table }) => {
    const d = applicationStartedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('applications')} (id, ecosystem_id, user_id, applicant_type, status, background_check_status, approval_required,
         email_verification_required, lead_id, created_at, updated_at, revision)
       VALUES ($1, $2, $3, $4, 'DRAFT', $5, $6, $7, $8, $9, $9, $10) ON CONFLICT (id) DO NOTHING`,
      [d.applicationId, d.ecosystemId, d.userId, d.applicantType, d.backgroundCheckRequired ? 'NOT_STARTED' : 'NOT_REQUIRED', d.approvalRequired,
        d.emailVerificationRequired, d.leadId, event.metadata.occurredAt, event.revision]);
  },
  ApplicationDraftSaved: update(`draft = draft || $4::jsonb`, (e) => [JSON.stringify(applicationDraftSavedSchema.parse(e.data).changes)]),
  ApplicationSubmitted: update(`status = 'SUBMITTED', submitted_at = $2`, () => []),
  ApplicationReviewed: update(`status = $4, last_note = $5`, (e) => {
    const d = applicationReviewedSchema.parse(e.data);
    return [d.decision, d.note];
  }),
  BackgroundCheckStatusSet: update(`background_check_status = $4`, (e) => [backgroundCheckStatusSetSchema.parse(e.data).status]),
  WaiverAccepted: update(`waiver_version = $4, waiver_accepted_at = $5`, (e) => {
    const d = waiverAcceptedSchema.parse(e.data);
    return [d.version, d.acceptedAt];
  }),
};

export const applicationsProjection: Projection = {
  name: APPLICATIONS_PROJECTION,
  version: 1,
  tables,
  indexes,
  exposedTables: ['applications'],
  handlers,
};
