/**
 * Read model of sign-up leads (docs/decisions/0045, amendment): `read.signup_leads`, one row per
 * lead, for the ecosystem admins' list of leads. The ticket is not here (it is stored nowhere);
 * the row keeps what the lead says and whether it was used. Whether an open lead has expired is
 * decided when it is read, against the request's clock.
 */
import { signupLeadCreatedSchema, signupLeadUsedSchema } from '../../domain/application/lead/lead';
import type { Projection, ProjectionHandler } from '../types';

export const SIGNUP_LEADS_PROJECTION = 'signupleads';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.signup_leads (
      id                  uuid PRIMARY KEY,
      ecosystem_id        uuid NOT NULL,
      first_name          text NOT NULL,
      last_name           text NOT NULL,
      email               text NOT NULL,
      phone_number        text,
      applicant_type      text NOT NULL,
      client_profile_type text,
      subject             text,
      lead_source         text,
      status              text NOT NULL CHECK (status IN ('OPEN', 'USED')),
      created_at          timestamptz NOT NULL,
      expires_at          timestamptz NOT NULL,
      used_by             uuid,
      used_at             timestamptz
    );
    COMMENT ON TABLE ${s}.signup_leads IS 'Sign-up leads: people an admin expects to sign up (personal data), OPEN until a sign-up uses the ticket (USED); expired when OPEN past expires_at.';
  `;
}

function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS signup_leads_newest_idx ON ${s}.signup_leads (ecosystem_id, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS signup_leads_status_idx ON ${s}.signup_leads (ecosystem_id, status, created_at DESC, id DESC);
  `;
}

const handlers: Record<string, ProjectionHandler> = {
  SignupLeadCreated: async (event, { client, table }) => {
    const d = signupLeadCreatedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('signup_leads')} (id, ecosystem_id, first_name, last_name, email, phone_number, applicant_type, client_profile_type,
         subject, lead_source, status, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'OPEN', $11, $12) ON CONFLICT (id) DO NOTHING`,
      [d.leadId, d.ecosystemId, d.firstName, d.lastName, d.email, d.phoneNumber, d.applicantType, d.clientProfileType, d.subject, d.leadSource,
        event.metadata.occurredAt, d.expiresAt]);
  },
  // A lead is used once (the aggregate refuses a second use), so a repeated event changes nothing.
  SignupLeadUsed: async (event, { client, table }) => {
    const d = signupLeadUsedSchema.parse(event.data);
    await client.query(`UPDATE ${table('signup_leads')} SET status = 'USED', used_by = $2, used_at = $3 WHERE id = $1 AND status = 'OPEN'`,
      [d.leadId, d.userId, event.metadata.occurredAt]);
  },
};

export const signupLeadsProjection: Projection = {
  name: SIGNUP_LEADS_PROJECTION,
  version: 1,
  tables,
  indexes,
  exposedTables: ['signup_leads'],
  handlers,
};
