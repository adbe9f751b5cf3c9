/**
 * The cross-tenant probe: every query of the schema, with arguments aimed at another ecosystem's
 * people and programs, sent by an outsider (an admin and a student of another ecosystem, and no one
 * signed in), must answer none of that ecosystem's private data; a parent of another family, a
 * student of another program and a member of the same ecosystem must not see a child at all, not
 * even the name (decision 0053), while the child's own parent and admin do. Every mutation aimed at another ecosystem must be refused and write
 * nothing. The documents come from the schema itself (tests/probe/documents.ts), so a field added
 * later is probed without a new case; the few fields that are public by design are listed below
 * with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApi, type GraphQLResponse, type TestApi } from '../setup/api';
import { addPerson, buildWorld, renamePerson, type World } from '../../api/people/testing';
import { toGlobalId } from '../../api/relay';
import { probeMutations, probeQueries, type Aim, type ProbeDocument } from './documents';
import { booking, person, writeBooking } from '../../projections/sessions/testing';
import { postTestNotification } from '../../api/notifications/testing';

let api: TestApi;
let w: World;
let aim: Aim;
/** The victim's big job: its global and raw ids. */
let bigJobIds: string[] = [];
let docs: { queries: ProbeDocument[]; mutations: ProbeDocument[] };
/** Strings that only someone entitled to the victim ecosystem (or the victim child's family) may see. */
let ecosystemSecrets: string[];
let childSecrets: string[];
let outsiders: Record<'otherAdmin' | 'otherStudent' | 'anonymous', string | null>;
/** People of the victim's own ecosystem who are nothing to the child: they must not see the child at all. */
let neighbours: Record<'otherParent' | 'otherProgramStudent' | 'otherProgramLeader' | 'member', string>;
/** The child's names: unique strings, so that finding them in an answer means the child was shown. */
const CHILD_NAMES = ['Zephyrine', 'Quillbrook'];
/** The child's session (decision 0056): its ids, subject and join link, which only those over the child may see. */
const SESSION_WORDS = ['Xylographics', 'https://meet.example.com/zephyrine-room'];
let childSession: string;
let dropIn: string;
let tutorId: string;
let tutorToken: string;
/** The victim's course section's name (decision 0061): unique, so finding it in an answer is a leak. */
const COURSE_NAME = 'Xanthic Cartography';
/** A scheduled report of the victim's programs (decision 0068): its name and recipient are for platform admins only. */
const REPORT_WORDS = ['Zygomorphic Digest', 'ruth.report@example.com'];
/** In-app notifications (decision 0073) of the victim's admin and of the child: each is its recipient's alone. */
const NOTIFICATION_WORDS = { admin: 'Quincunx Colloquium', child: 'Zephyrine Vespers' };
let childNotification: string;

/**
 * Documents that ask for the child's names directly. The schema-wide documents select every field,
 * and a field only the person may read (MFASettings) nulls the whole profile for anyone else, so
 * names would never show through them: these select the names alone.
 */
const NAMES = '{ firstName lastName }';
const nameDocs = (): Record<string, ProbeDocument> => ({
  node: { field: 'node', query: `query($id: ID!) { node(id: $id) { ... on User { profile ${NAMES} } } }`, variables: { id: toGlobalId('User', w.ids.student) } },
  nodes: { field: 'nodes', query: `query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { profile ${NAMES} } } }`, variables: { ids: [toGlobalId('User', w.ids.student)] } },
  family: {
    field: 'getCurrentUserV2',
    query: `{ getCurrentUserV2 { profile { students { profile ${NAMES} } familyConnections { user { profile ${NAMES} } } } } }`, variables: {},
  },
  tutees: {
    field: 'getTuteesForEcosystem',
    query: `query($e: ID!) { getTuteesForEcosystem(ecosystemId: $e, first: 50) { edges { node { firstName lastName user { profile ${NAMES} } } } } }`,
    variables: { e: toGlobalId('Ecosystem', w.e1) },
  },
});

/** The session reads aimed at the child and their session: the schema-wide documents send no userId in their filter input. */
const sessionDocs = (): Record<string, ProbeDocument> => {
  const child = { input: { userId: toGlobalId('User', w.ids.student), status: 'UPCOMING' } };
  const list = (field: string): ProbeDocument => ({
    field, query: `query($input: SessionsFilterInput) { ${field}(input: $input) { sessions { rawId subject joinUrl participants { userId user { id } } } } }`, variables: child,
  });
  const one = '{ rawId subject joinUrl participants { userId } viewerCanCheckIn participants { checkedInTime checkedOutTime } }';
  return {
    ...Object.fromEntries(['getSessionsForUser', 'getSessionsForUserV2', 'getSessionsForUserByFilter', 'getAllEcosystemSessionsForUser',
      'getSessionsForTeacher', 'getSessionsForStaff', 'getSessionsForParent'].map((f) => [f, list(f)])),
    getSession: { field: 'getSession', query: `query($id: ID!) { getSession(sessionId: $id) ${one} }`, variables: { id: toGlobalId('Session', childSession) } },
    getSessionRaw: { field: 'getSession', query: `query($id: ID!) { getSession(sessionId: $id) ${one} }`, variables: { id: childSession } },
    sessionNode: { field: 'node', query: `query($id: ID!) { node(id: $id) { ... on Session ${one} } }`, variables: { id: toGlobalId('Session', childSession) } },
    dropIns: { field: 'getUpcomingDropInSessions', query: `{ getUpcomingDropInSessions ${one} }`, variables: {} },
    hours: { field: 'getEcosystemHoursTutored', query: 'query($id: ID) { getEcosystemHoursTutored(userId: $id) }', variables: { id: toGlobalId('User', tutorId) } },
    leaders: {
      field: 'getIsUserLeaderInSessions', query: 'query($ids: [ID!]!) { getIsUserLeaderInSessions(userIds: $ids) { userId isLeader } }',
      variables: { ids: [w.ids.student] },
    },
  };
};

/**
 * Mutations that act on the caller themself or on the platform and take no aim at another tenant:
 * a refusal is not expected of them, so the mutation probe leaves them out (each has its own tests).
 */
const SELF_OR_PLATFORM = new Set(['ping', 'loginPaas', 'Logout', 'refreshToken', 'changePassword', 'setFeatureFlag', 'createEcosystem',
  'updatePlatformEcosystemConfig', 'sendTestMessage', 'loginPaasMFA', 'startMfaTotpEnrolment', 'confirmMfaTotpEnrolment', 'disableMfa',
  'editTimezoneCooldownInfo', 'sendEmailVerification', 'requestEmailChange', 'startMfaEmailEnrolment', 'confirmMfaEmailEnrolment',
  'regenerateMfaRecoveryCodes']);

/**
 * Mutations anyone may send about an e-mail address (the forgotten-password form, an e-mailed
 * log-in link): they answer the same whether or not the address has an account, and what they
 * write is at most a message to that address's owner. The probe checks exactly that of them.
 */
const ABOUT_AN_ADDRESS = new Set(['requestPasswordReset', 'requestLoginLink']);

/** Waits until no event has been appended for a while: mail is recorded after the answer. */
async function settled(): Promise<number> {
  let last = await api.eventCount();
  for (let quiet = 0; quiet < 4;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await api.eventCount();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

function secretsIn(res: GraphQLResponse, secrets: string[]): string[] {
  const text = JSON.stringify(res.data ?? null);
  return secrets.filter((s) => text.includes(s));
}

async function send(doc: ProbeDocument, token: string | null): Promise<GraphQLResponse> {
  return api.graphql(doc.query, doc.variables, { token, headers: { 'idempotency-key': randomUUID() } });
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const demo = api.platform.demo!;
  const otherStudent = await addPerson(api, 'olga.outsider@example.com', [{ ecosystemId: w.e2, role: 'STUDENT' }]);
  const otherParent = await addPerson(api, 'oscar.otherfamily@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]);
  // A sign-up lead of the victim ecosystem: its address is theirs to see only (signupLeads).
  const lead = await api.graphql('mutation($input: SignupLeadInput!) { createSignupLead(input: $input) { ticketId } }',
    { input: { ecosystemId: w.e1, firstName: 'Lena', lastName: 'Lead', email: 'lena.lead@example.com' } }, { token: w.tokens.admin1 });
  expect(lead.errors).toBeUndefined();
  const report = await api.graphql('mutation($input: CreateScheduledProgramLevelReportsInput!) { createScheduledProgramLevelReports(input: $input) { _id } }',
    { input: { reportName: REPORT_WORDS[0], recipientEmail: [REPORT_WORDS[1]], ecosystemId: w.e1, programs: [w.p1],
      schedule: { frequency: 'DAILY', timeOfDay: 7, timeZoneId: 'Europe/Madrid' } } }, { token: w.tokens.platformAdmin, headers: { 'idempotency-key': randomUUID() } });
  expect(report.errors).toBeUndefined();
  const adminId = (await api.platform.services.auth.authenticate(w.tokens.admin1))!.userId;
  await postTestNotification(api.platform.services, { recipientUserId: adminId, ecosystemId: w.e1, params: { sessionSubject: NOTIFICATION_WORDS.admin } });
  childNotification = await postTestNotification(api.platform.services, { recipientUserId: w.ids.student, ecosystemId: w.e1, params: { sessionSubject: NOTIFICATION_WORDS.child } });
  // A big job of the victim (decision 0075): only platform admins may see it or its file.
  const bigJob = await api.graphql<{ createBigJob: { id: string; jobId: string } }>('mutation($e: ID!) { createBigJob(type: EXPORT_USERS, ecosystemId: $e) { id jobId } }',
    { e: w.e1 }, { token: w.tokens.platformAdmin, headers: { 'idempotency-key': randomUUID() } });
  expect(bigJob.errors).toBeUndefined();
  bigJobIds = [bigJob.data!.createBigJob.id, bigJob.data!.createBigJob.jobId];
  const otherProgramStudent = await addPerson(api, 'otis.otherprogram@example.com',
    [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p2 }]);
  const member = await addPerson(api, 'mona.member@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }]);
  const otherProgramLeader = await addPerson(api, 'leon.otherprogram@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p2 }]);
  await renamePerson(api, w.ids.student, CHILD_NAMES[0], CHILD_NAMES[1]);
  const linked = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId: w.ids.parent, childId: w.ids.student, ecosystemId: w.e1, relationship: 'PARENT' } },
    { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(linked.errors).toBeUndefined();
  const tutor = await addPerson(api, 'tess.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  tutorId = tutor.userId;
  tutorToken = tutor.token;
  const lesson = booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + 3_600_000), details: { subject: SESSION_WORDS[0],
    meeting: { solution: 'CUSTOM_URL', url: SESSION_WORDS[1], roomId: null, locationName: null, locationPoint: null } },
  participants: [person(tutorId, 'TUTOR'), person(w.ids.student, 'STUDENT')] });
  childSession = lesson[0].id;
  await writeBooking(api.db.ownerPool, lesson);
  const offer = booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + 7_200_000), details: { sessionType: 'DROP_IN', maxStudents: 5 },
    participants: [person(tutorId, 'TUTOR')] });
  dropIn = offer[0].id;
  await writeBooking(api.db.ownerPool, offer);
  // A course section of the victim with the child enrolled: its name and ids are the victim's to see.
  const section = await api.graphql<{ createCourseSection: { section: { id: string; rawId: string } } }>(
    'mutation($input: CreateCourseSectionInput!) { createCourseSection(input: $input) { section { id rawId } } }',
    { input: { ecosystemId: w.e1, name: COURSE_NAME, programIds: [w.p1], timeZoneId: 'UTC', maxEnrollments: 5,
      enrollmentStart: new Date(Date.now() - 3_600_000).toISOString().slice(0, 16), enrollmentEnd: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16) } },
    { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(section.errors).toBeUndefined();
  const sectionId = section.data!.createCourseSection.section;
  const enrolled = await api.graphql('mutation($s: ID!, $u: ID) { enrollCourseSection(sectionId: $s, userId: $u) { id } }',
    { s: sectionId.id, u: toGlobalId('User', w.ids.student) }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(enrolled.errors).toBeUndefined();
  const { schema } = await import('../../api/graphql/schema').then(async (m) => ({ schema: await m.buildSchema() }));
  aim = {
    ecosystemId: w.e1, programId: w.p1, userId: w.ids.student, email: 'sam.student@example.com', search: 'sam',
    globalIds: [toGlobalId('Ecosystem', w.e1), toGlobalId('Program', w.p1), toGlobalId('User', w.ids.student), toGlobalId('User', w.ids.parent), sectionId.id,
      toGlobalId('Notification', childNotification), bigJobIds[0]],
    sectionId: { raw: sectionId.rawId, global: sectionId.id },
  };
  docs = { queries: probeQueries(schema, aim), mutations: probeMutations(schema, aim) };
  childSecrets = ['sam.student@example.com', w.ids.student, toGlobalId('User', w.ids.student), ...CHILD_NAMES, childSession, ...SESSION_WORDS,
    NOTIFICATION_WORDS.child, childNotification];
  ecosystemSecrets = [...childSecrets, dropIn, tutorId, 'lena.lead@example.com', 'pat.parent@example.com', 'pia.programadmin@example.com', demo.ecosystemAdmin.email,
    w.ids.parent, w.p1, toGlobalId('Program', w.p1), COURSE_NAME, sectionId.rawId, ...REPORT_WORDS, NOTIFICATION_WORDS.admin, ...bigJobIds];
  outsiders = { otherAdmin: w.tokens.admin2, otherStudent: otherStudent.token, anonymous: null };
  neighbours = {
    otherParent: otherParent.token, otherProgramStudent: otherProgramStudent.token, otherProgramLeader: otherProgramLeader.token, member: member.token,
  };
}, 120_000);
afterAll(async () => { await api?.stop(); });

describe('queries aimed at another ecosystem', () => {
  it('probes every query field of the schema (documents validated as they are built), and finds the data when it is there', async () => {
    expect(docs.queries.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const doc of docs.queries) {
      // The control: the victim's own admin, entitled to all of it, must get it through these documents.
      const res = await send(doc, w.tokens.admin1);
      expect(res.status, doc.field).toBe(200);
      if (secretsIn(res, ecosystemSecrets).length) seen.add(doc.field);
    }
    // Fields through which an entitled reader sees the victim's data: the probe would notice a leak there.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['getCurrentUserV2', 'getGroupedCourses', 'getProgramsByEcosystemId', 'getStudentsForSection', 'node', 'nodes', 'notifications']));
  }, 120_000);

  for (const who of ['otherAdmin', 'otherStudent', 'anonymous'] as const) {
    it(`answer nothing of it to ${who}`, async () => {
      const leaks: string[] = [];
      for (const doc of [...docs.queries, ...Object.values(sessionDocs())]) {
        const res = await send(doc, outsiders[who]);
        expect(res.status, `${doc.field}: ${JSON.stringify(res.errors)}`).toBeLessThan(500);
        const found = secretsIn(res, ecosystemSecrets);
        if (found.length) leaks.push(`${doc.field}(${JSON.stringify(doc.variables)}) -> ${found.join(', ')}`);
      }
      expect(leaks).toEqual([]);
    }, 120_000);
  }

  it('show the child\'s names to the child\'s own parent and admin (the control of the next tests)', async () => {
    const shown = async (token: string) => {
      const seen: string[] = [];
      for (const [name, doc] of Object.entries(nameDocs())) if (secretsIn(await send(doc, token), CHILD_NAMES).length === CHILD_NAMES.length) seen.push(name);
      return seen;
    };
    expect(await shown(w.tokens.parent)).toEqual(['node', 'nodes', 'family']);
    expect(await shown(w.tokens.admin1)).toEqual(['node', 'nodes', 'tutees']);
  }, 120_000);

  it('show the child\'s session to the child\'s own parent, tutor and admin (the control of the session documents)', async () => {
    const shown = async (token: string) => {
      const seen: string[] = [];
      for (const [name, doc] of Object.entries(sessionDocs())) if (secretsIn(await send(doc, token), [childSession, ...SESSION_WORDS]).length === 3) seen.push(name);
      return seen;
    };
    expect(await shown(w.tokens.parent)).toEqual(['getSessionsForUser', 'getSessionsForUserV2', 'getSessionsForUserByFilter', 'getAllEcosystemSessionsForUser',
      'getSessionsForParent', 'getSession', 'getSessionRaw', 'sessionNode']);
    const overseers = ['getSessionsForUser', 'getSessionsForUserV2', 'getSessionsForUserByFilter', 'getAllEcosystemSessionsForUser', 'getSession', 'getSessionRaw', 'sessionNode'];
    expect(await shown(w.tokens.admin1)).toEqual(overseers);
    expect(await shown(tutorToken)).toEqual(overseers);
  }, 120_000);

  for (const who of ['otherParent', 'otherProgramStudent', 'otherProgramLeader', 'member'] as const) {
    it(`answer nothing of the child, not even the name, to ${who} of the same ecosystem`, async () => {
      const leaks: string[] = [];
      for (const doc of [...docs.queries, ...Object.values(nameDocs()), ...Object.values(sessionDocs())]) {
        const res = await send(doc, neighbours[who]);
        const found = secretsIn(res, childSecrets);
        if (found.length) leaks.push(`${doc.field}(${JSON.stringify(doc.variables)}) -> ${found.join(', ')}`);
      }
      expect(leaks).toEqual([]);
    }, 120_000);
  }
});

describe('mutations aimed at another ecosystem', () => {
  it('about an e-mail address answer the same for a known and an unknown one, and write only mail to its owner', async () => {
    for (const doc of docs.mutations.filter((d) => ABOUT_AN_ADDRESS.has(d.field))) {
      const before = await settled();
      const known = await send(doc, w.tokens.admin2);
      const unknown = await send({ ...doc, variables: { ...doc.variables, email: 'nobody.here@example.com' } }, w.tokens.admin2);
      expect(unknown.data, doc.field).toEqual(known.data);
      const after = await settled();
      const written = await api.db.ownerPool.query<{ category: string; actor: string | null }>(
        "SELECT category, metadata->'actor'->>'userId' AS actor FROM events WHERE global_position > (SELECT max(global_position) - $1 FROM events)", [after - before]);
      for (const e of written.rows) expect({ field: doc.field, ...e }).toEqual({ field: doc.field, category: 'message', actor: expect.toBeOneOf([w.ids.student, '00000000-0000-0000-0000-000000000000']) });
    }
  }, 120_000);

  it('are refused with an error code and write nothing', async () => {
    const wrote: string[] = [];
    const uncoded: string[] = [];
    const aimedMutations = docs.mutations.filter((d) => !SELF_OR_PLATFORM.has(d.field) && !ABOUT_AN_ADDRESS.has(d.field));
    expect(aimedMutations.length).toBeGreaterThan(15);
    await settled();
    for (const doc of aimedMutations) {
      const before = await api.eventCount();
      const res = await send(doc, w.tokens.admin2);
      if (!res.errors?.[0]?.extensions?.code) uncoded.push(`${doc.field}: ${JSON.stringify(res.data)}`);
      if ((await settled()) !== before) wrote.push(doc.field);
    }
    expect({ wrote, uncoded }).toEqual({ wrote: [], uncoded: [] });
  }, 300_000);
});
