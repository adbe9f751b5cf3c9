/**
 * The malformed-input probe: every mutation of the schema, with each of its arguments and input
 * fields malformed in turn in every way its type allows (tests/probe/malformations.ts), sent by a
 * user entitled to the mutation with an Idempotency-Key, must be refused with BAD_USER_INPUT (a
 * GraphQL validation or coercion error is BAD_USER_INPUT too), never a 500 or a stack, and must
 * write nothing. The forbidden half of the proof is tests/probe/cross-tenant.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApi, type GraphQLResponse, type TestApi } from '../setup/api';
import { buildWorld, type World } from '../../api/people/testing';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { malformedMutations, type MalformedDocument } from './malformations';

let api: TestApi;
let w: World;
let docs: MalformedDocument[];
let mutationNames: string[];

/**
 * Fields where a line break is well-formed: descriptions, messages and files (decision 0014), a
 * certificate (PEM), and secrets and codes, which are compared, not shown (white space in a typed
 * code is dropped; what a password may hold is the password policy's to say).
 */
const LINE_BREAKS_ALLOWED = new Set(['csv', 'message', 'errorMessage', 'description', 'sessionDescription', 'reason', 'bio', 'bannerMessage', 'note', 'education',
  'skillsAccomplishments', 'hobbiesInterests', 'availabilityDesc', 'dailyAvaliability', 'availability', 'samlCertificate',
  'password', 'oldPass', 'newPass', 'newPassword', 'confirmPassword', 'code',
  // Post-session feedback (decision 0074): a comment is prose.
  'comment']);

/**
 * Keys that are not our ids: an ecosystem's profile id is a slug, and the ids of custom properties,
 * schools, subjects and institutions are keys their lists or catalogues choose (decision 0014); a
 * Zoom app's account id is Zoom's (decision 0058).
 */
const PLAIN_KEYS = new Set(['accountId', 'profileId', 'ecosystemProfileId', 'clientId', 'waivers.id', 'customProperties.id', 'customSessionProperties.id', 'supportedSchools.id', 'preferredSubjects.id', 'subjects.id',
  'currentInstitution.id', 'supportedTimezones.id', 'subjectId', 'timeZoneId']);

/** Numbers that may be negative: a place's longitude and latitude. */
const SIGNED_NUMBERS = new Set(['lng', 'lat']);

/** Mutations whose answer lists what was wrong (an invitation file's rows), selected so the probe can read it. */
const SELECTIONS = { inviteUsersFromFile: '{ rowErrors { row } invited { __typename } }' };

/**
 * Tokens the server issued (a link's, a sign-up ticket's, a log-in step's): a malformed one is just
 * one that is not ours, answered as an unknown or expired one is.
 */
const TOKENS = new Set(['token', 'ticketId', 'userIdToken']);

/** Who is entitled to send each mutation; the victim ecosystem's own admin unless named here. */
type Sender = keyof World['tokens'] | 'anonymous';
const SENDERS: Record<string, Sender> = {
  setFeatureFlag: 'platformAdmin', createEcosystem: 'platformAdmin', updatePlatformEcosystemConfig: 'platformAdmin',
  archiveEcosystem: 'platformAdmin', unArchiveEcosystem: 'platformAdmin', migrateEcosystemToProgram: 'platformAdmin',
  configureSsoProvider: 'platformAdmin', sendTestMessage: 'platformAdmin',
  createCustomLessonspaceRecordingExportDefinition: 'platformAdmin', editCustomLessonspaceRecordingExportDefinition: 'platformAdmin',
  deleteCustomLessonspaceRecordingExportDefinition: 'platformAdmin', editParentNotifications: 'parent', joinProgram: 'student',
  createScheduledProgramLevelReports: 'platformAdmin', updateScheduledProgramLevelReports: 'platformAdmin', toggleArchiveScheduledProgramLevelReports: 'platformAdmin',
  createBigJob: 'platformAdmin', createReportBigJob: 'platformAdmin', cancelBigJob: 'platformAdmin', retryBigJob: 'platformAdmin',
};

/** Sent last: were one of them to take its malformed input, it could end the sender's session or role, or change every session matching. */
const LAST = ['changePassword', 'Logout', 'adminArchiveAllUser', 'adminUpdateAllUserPermissions', 'adminCancelAllLabelSession', 'adminRestoreAllSessions', 'adminSaveAllLabelSession', 'archiveEcosystem'];

function tokenOf(field: string): string | null {
  const sender = SENDERS[field] ?? 'admin1';
  return sender === 'anonymous' ? null : w.tokens[sender];
}

/** Waits until no event has been appended for a while: mail is recorded after the answer. */
async function settled(): Promise<number> {
  let last = await api.eventCount();
  for (let quiet = 0; quiet < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await api.eventCount();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * The codes that refuse a malformation rightly: BAD_USER_INPUT; for a global id of another type,
 * also what an id of nothing answers (NOT_FOUND, or FORBIDDEN where unknown and foreign ids answer
 * alike so that nobody learns what exists elsewhere); for a token, what an unknown one answers.
 */
function rightCodes(doc: MalformedDocument): string[] {
  const last = doc.path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
  if (TOKENS.has(last)) return ['BAD_USER_INPUT', 'NOT_FOUND', 'UNAUTHENTICATED'];
  return doc.kind === 'wrongType' ? ['BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN'] : ['BAD_USER_INPUT'];
}

/** An invitation file with any bad row imports nothing and lists the rows instead (decision 0041). */
function refusedInAnswer(res: GraphQLResponse, field: string): boolean {
  const answer = res.data?.[field] as { rowErrors?: unknown[]; invited?: unknown[] } | null | undefined;
  return field in SELECTIONS && !res.errors && !!answer?.rowErrors?.length && answer.invited?.length === 0;
}

/**
 * Arguments whose malformation cannot be the only thing wrong, because the rest cannot be made
 * well-formed from the schema: a link must be checked before its password (decision 0042) and the
 * probe has no live link; the demo ecosystem defines no custom profile property; the platform-wide
 * defaults may name no program (decision 0014).
 */
const CHECKED_AFTER_OTHERS = [/^activateAccountFromInvite /, /^resetPassword /, /^editUserProperties input\.properties\./,
  /^updatePlatformEcosystemConfig ecosystemInput\.sessionSettings\.tutorHoursLimitConfig\.limits\./];

/**
 * Whether a BAD_USER_INPUT refusal is about the malformed value: its field is named, or it is a
 * request error of a scalar or enum (no path), which graphql-js words for the variable. Otherwise the
 * probe's other arguments were what the server refused, and the malformation went unchecked.
 */
function refusedForIt(res: GraphQLResponse, doc: MalformedDocument): boolean {
  const error = res.errors?.[0] as { path?: unknown; extensions?: { code?: string } } | undefined;
  if (!error || error.extensions?.code !== 'BAD_USER_INPUT' || !error.path) return true;
  if (CHECKED_AFTER_OTHERS.some((r) => r.test(`${doc.field} ${doc.path}`))) return true;
  const last = doc.path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
  return JSON.stringify(res.errors).includes(last);
}

/** What is wrong with an answer to a malformed document, or null when it is the refusal it must be. */
function problemOf(res: GraphQLResponse, doc: MalformedDocument): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  if (/\bat \S+ \(|node:internal|\.ts:\d+/.test(JSON.stringify(res))) return 'a stack in the answer';
  if (refusedInAnswer(res, doc.field)) return null;
  const code = res.errors?.[0]?.extensions?.code;
  if (!code || !rightCodes(doc).includes(code)) return `${code ?? 'no error'}: ${res.errors?.[0]?.message ?? JSON.stringify(res.data)}`;
  if (res.data?.[doc.field] != null) return 'an answer besides the error';
  return null;
}

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_GRAPHQL: '0' });
  w = await buildWorld(api);
  const { buildSchema } = await import('../../api/graphql/schema');
  const schema = await buildSchema();
  mutationNames = Object.keys(schema.getMutationType()!.getFields());
  const own = { ecosystemId: w.e1, programId: w.p1, userId: w.ids.student, email: 'sam.student@example.com' };
  // What the mutations need besides their required arguments, so that the malformation is all there is to refuse.
  const extra = {
    changePassword: { oldPass: api.platform.demo!.ecosystemAdmin.password },
    updateUser: { input: { firstName: 'Probe' } }, genericUpdateUser: { input: { firstName: 'Probe' } },
    linkFamilyMember: { input: { parentId: w.ids.parent } }, inviteUser: { input: { role: 'STUDENT', email: 'nina.newcomer@example.com' } },
    createEcosystem: { ecosystemInput: { name: 'Probe Academy', organizationType: 'NON_PROFIT' } },
    createSession: { input: { startTime: '10:00', endTime: '11:00', timeZoneId: 'America/New_York', customUrl: 'https://meet.example.com/probe' } },
    editSessionV3: { input: { changes: { startTime: '10:00', endTime: '11:00', timeZoneId: 'America/New_York', customUrl: 'https://meet.example.com/probe' } } },
    checkSessionConflicts: { input: { startTime: '10:00', endTime: '11:00', timeZoneId: 'America/New_York' } },
    updateOneOrManyUserPermissions: { changes: { add: [{ role: 'STUDENT' }] } }, adminUpdateAllUserPermissions: { changes: { add: [{ role: 'STUDENT' }] } }, configureSsoProvider: { input: { clientSecret: 'probe-secret' } },
    lessonSpaceUpload: { files: [{ fileName: 'probe.pdf', contentType: 'application/pdf', contentBase64: 'cHJvYmU=' }] },
  };
  docs = malformedMutations(schema, own, { lineBreaksAllowed: LINE_BREAKS_ALLOWED, plainKeys: PLAIN_KEYS, signedNumbers: SIGNED_NUMBERS, selections: SELECTIONS, extra });
}, 120_000);
afterAll(async () => { await api?.stop(); });

describe('malformed input to every mutation', () => {
  it('is generated for every mutation that takes an argument', () => {
    const probed = new Set(docs.map((d) => d.field));
    const without = mutationNames.filter((m) => !probed.has(m));
    // These take no argument at all: nothing of theirs can be malformed.
    expect(without.sort()).toEqual(['markAllNotificationsRead', 'ping', 'sendEmailVerification'].sort());
    expect(new Set(docs.map((d) => d.kind)).size).toBeGreaterThanOrEqual(15);
  });

  it('is refused with BAD_USER_INPUT, without a stack, and writes nothing', async () => {
    const wrong: string[] = [];
    const wrote: string[] = [];
    const elsewhere: string[] = [];
    const fields = [...new Set(docs.map((d) => d.field))].sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b));
    for (const field of fields) {
      const token = tokenOf(field);
      const before = await settled();
      for (const doc of docs.filter((d) => d.field === field)) {
        const start = await api.eventCount();
        const res = await api.graphql(doc.query, doc.variables, { token, headers: { 'idempotency-key': randomUUID(), 'x-ecosystem-profile-id': DEMO_PROFILE_ID } });
        const problem = problemOf(res, doc);
        if (problem) wrong.push(`${field} ${doc.path} ${doc.kind}: ${problem.slice(0, 160)}`);
        if (!problem && !refusedForIt(res, doc)) elsewhere.push(`${field} ${doc.path} ${doc.kind}: ${res.errors?.[0]?.message}`);
        if ((await api.eventCount()) !== start) wrote.push(`${field} ${doc.path} ${doc.kind}`);
      }
      // Mail and other after-effects are appended after the answer: counted once per mutation.
      if ((await settled()) !== before && !wrote.some((x) => x.startsWith(`${field} `))) wrote.push(`${field} (after its answers)`);
    }
    expect({ wrong, wrote, elsewhere }).toEqual({ wrong: [], wrote: [], elsewhere: [] });
  }, 300_000);
});
