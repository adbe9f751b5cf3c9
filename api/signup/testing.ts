/** Shared by the sign-up API tests: opening sign-up in an ecosystem, signing up, and what was sent. */
import { expect } from 'vitest';
import type { TestApi } from '../../tests/setup/api';

export const SIGN_UP = 'mutation($input: SignUpInput!) { signUp(input: $input) { accepted } }';
export const APPLICATION = `id rawId status applicantType backgroundCheckStatus approvalRequired emailVerificationRequired lastNote waiverVersion waiverAcceptedAt
  applicant { email firstName lastName }
  draft { dateOfBirth phoneNumber subjects courses zipCode school gradeLevel gpa locationPreference paidPreference paymentMethod availability bio }`;
export const MY_APPLICATION = `query($e: ID!) { getMyApplication(ecosystemId: $e) { ${APPLICATION} } }`;
export const SAVE_DRAFT = `mutation($e: ID!, $d: ApplicationDraftInput!) { saveApplicationDraft(ecosystemId: $e, draft: $d) { ${APPLICATION} } }`;
export const SUBMIT = `mutation($e: ID!) { submitApplication(ecosystemId: $e) { ${APPLICATION} } }`;
export const ACCEPT_WAIVER = `mutation($e: ID!, $v: String!) { acceptWaiver(ecosystemId: $e, version: $v) { ${APPLICATION} } }`;
export const LIST = `query($input: UserApplicationsInput!, $first: Int, $after: String) {
  getUserApplications(input: $input, first: $first, after: $after) { edges { cursor node { ${APPLICATION} } } pageInfo { hasNextPage endCursor } } }`;
export const UPDATE = `mutation($input: UpdateUserApplicationInput!) { updateUserApplication(input: $input) { ${APPLICATION} } }`;
export const REMIND = `mutation($id: ID!) { sendBackgroundCheckReminder(applicationId: $id) { ${APPLICATION} } }`;
export const SIGNUP_PASSWORD = 'a sturdy sign-up passphrase';

export interface FlowSettings {
  enabled?: boolean;
  emailVerificationEnabled?: boolean;
  approvalProcessEnabled?: boolean;
  backgroundCheckEnabled?: boolean;
  backgroundCheckConfig?: { checkType: 'MANUAL' | 'EXTERNAL_URL'; externalURL: string | null };
}

/** Sets the ecosystem's customSignupConfig (and the student switch) as its admin. */
export async function openSignup(api: TestApi, token: string, ecosystemId: string, settings: { tutor?: FlowSettings; parent?: FlowSettings; students?: boolean }): Promise<void> {
  const res = await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { rawId } }', {
    id: ecosystemId,
    input: { customSignupConfig: { tutor: settings.tutor ?? {}, parent: settings.parent ?? {} }, landing: { studentSignupEnabled: settings.students ?? false } },
  }, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
}

export function signUp(api: TestApi, input: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api.graphql<{ signUp: { accepted: boolean } }>(SIGN_UP, { input: { password: SIGNUP_PASSWORD, firstName: 'Tess', lastName: 'Tutor', ...input } }, { headers });
}

/** The kinds of message recorded for an address, oldest first (the outbox, read as its owner). */
export async function messagesTo(api: TestApi, address: string): Promise<string[]> {
  const r = await api.db.ownerPool.query<{ kind: string }>('SELECT kind FROM read.messages WHERE recipient = $1 ORDER BY created_at, id', [address]);
  return r.rows.map((row) => row.kind);
}

export async function accountsWith(api: TestApi, address: string): Promise<number> {
  const r = await api.db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM read.users WHERE email = $1', [address]);
  return r.rows[0].n;
}

/**
 * Waits until every recorded message has finished its delivery (with no transport configured, it
 * is kept in the outbox): delivery appends events after the mutation has answered, which would
 * otherwise count as written by the next request a test expects to write nothing.
 */
export async function deliveriesSettled(api: TestApi): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = await api.db.ownerPool.query<{ n: number }>("SELECT count(*)::int AS n FROM read.messages WHERE status IN ('QUEUED', 'SENDING')");
    if (r.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('messages still being delivered after 10 s');
}

/** The link of the newest VERIFY_EMAIL message to an address, from its recorded event (the body is never in a read model tests may read). */
export async function mailedLink(api: TestApi, address: string): Promise<string> {
  const r = await api.db.ownerPool.query<{ text: string }>(
    "SELECT data->>'text' AS text FROM events WHERE type = 'MessageRecorded' AND data->>'to' = $1 AND data->>'kind' = 'VERIFY_EMAIL' ORDER BY global_position DESC LIMIT 1", [address]);
  const match = /https?:\/\/\S+\/verify\/email\?token=[A-Za-z0-9_-]+/.exec(r.rows[0]?.text ?? '');
  if (!match) throw new Error(`no verification link to ${address}`);
  return match[0];
}
