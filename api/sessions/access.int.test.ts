/**
 * The checks the mutation resolvers call before dispatching (api/sessions/access.ts), on the real
 * PostgreSQL with contexts as requests build them: each answers the session row or throws
 * FORBIDDEN with the policy's keyed message; a session the viewer may not see is FORBIDDEN like
 * one that does not exist (decision 0056).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/shared/events';
import { booking, person, writeBooking } from '../../projections/sessions/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import type { RequestContext, Viewer } from '../context';
import { addPerson, buildWorld, type World } from '../people/testing';
import { contextFor } from '../request-context';
import {
  authorizeCancelSession, authorizeCreateSession, authorizeDropParticipant, authorizeEditSession, authorizeReserveSeat,
} from './access';

let api: TestApi;
let w: World;
const ids: Record<string, string> = {};
const HOUR = 3_600_000;

function as(userId: string, roles: Array<[Role, string, string | null]>, platformAdmin = false): RequestContext {
  const viewer: Viewer = { userId, email: `${userId}@example.com`, platformAdmin, roles: roles.map(([role, ecosystemId, programId]) => ({ role, ecosystemId, programId })) };
  return contextFor(api.platform.services, {
    viewer, requestId: randomUUID(), clientIp: '127.0.0.1',
    headers: { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null },
    cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
  });
}

const refused = (key = 'common.forbidden') => ({ code: 'FORBIDDEN', userMessage: expect.objectContaining({ key }) });

let tutor: () => RequestContext;
let student: () => RequestContext;
let parent: () => RequestContext;
let otherParent: () => RequestContext;
let otherAdmin: () => RequestContext;

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const t = await addPerson(api, 'tara.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  const op = await addPerson(api, 'omar.parent@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]);
  const linked = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId: w.ids.parent, childId: w.ids.student, ecosystemId: w.e1, relationship: 'PARENT' } }, { token: w.tokens.admin1 });
  expect(linked.errors).toBeUndefined();
  ids.tutor = t.userId;
  tutor = () => as(t.userId, [['LEADER', w.e1, w.p1]]);
  student = () => as(w.ids.student, [['STUDENT', w.e1, null], ['PUPIL', w.e1, w.p1]]);
  parent = () => as(w.ids.parent, [['PARENT', w.e1, null]]);
  otherParent = () => as(op.userId, [['PARENT', w.e1, null]]);
  otherAdmin = () => as(w.ids.admin2, [['SUPER_ADMIN', w.e2, null]]);
  const lesson = booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + 5 * HOUR),
    participants: [person(t.userId, 'TUTOR'), person(w.ids.student, 'STUDENT')] });
  ids.lesson = lesson[0].id;
  ids.series = lesson[0].seriesId;
  await writeBooking(api.db.ownerPool, lesson);
  const dropIn = booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + 6 * HOUR), details: { sessionType: 'DROP_IN', maxStudents: 4 },
    participants: [person(t.userId, 'TUTOR')] });
  ids.dropIn = dropIn[0].id;
  await writeBooking(api.db.ownerPool, dropIn);
});

afterAll(async () => {
  await api?.stop();
});

describe('authorize* for the session mutations', () => {
  it('lets the leading tutor edit and cancel, answering the session row', async () => {
    await expect(authorizeEditSession(tutor(), ids.lesson)).resolves.toMatchObject({ id: ids.lesson, seriesId: ids.series });
    await expect(authorizeCancelSession(tutor(), ids.lesson)).resolves.toMatchObject({ id: ids.lesson });
  });

  it('refuses a tutor changing participants without tutorEditSessionParticipants, with the reason', async () => {
    const change = { leaders: [ids.tutor], learners: [{ userId: w.ids.student, isPaired: true }, { userId: randomUUID(), isPaired: true }] };
    await expect(authorizeEditSession(tutor(), ids.lesson, change)).rejects.toMatchObject(refused('session.access.participantsLocked'));
  });

  it('refuses the learner under the default lists, and strangers as if the session did not exist', async () => {
    await expect(authorizeCancelSession(student(), ids.lesson)).rejects.toMatchObject(refused('session.access.notAllowed'));
    await expect(authorizeCancelSession(otherParent(), ids.lesson)).rejects.toMatchObject(refused());
    await expect(authorizeCancelSession(otherAdmin(), ids.lesson)).rejects.toMatchObject(refused());
    await expect(authorizeEditSession(tutor(), randomUUID())).rejects.toMatchObject(refused());
  });

  it('checks bookings against the program\'s lists and the tenant', async () => {
    const b = { ecosystemId: w.e1, programId: w.p1, sessionType: 'ONE_ON_ONE' as const, leaders: [ids.tutor], learners: [{ userId: w.ids.student, isPaired: true }] };
    await expect(authorizeCreateSession(tutor(), b)).resolves.toBeUndefined();
    await expect(authorizeCreateSession(tutor(), { ...b, programId: w.p2 })).rejects.toMatchObject(refused('session.access.notAllowed'));
    await expect(authorizeCreateSession(tutor(), { ...b, learners: [{ userId: w.ids.student, isPaired: false }] })).rejects.toMatchObject(refused('session.access.nonPairedLearner'));
    await expect(authorizeCreateSession(otherAdmin(), b)).rejects.toMatchObject(refused());
  });

  it('lets a parent drop their child and take a drop-in seat for them; not another family', async () => {
    await expect(authorizeDropParticipant(parent(), ids.lesson, w.ids.student)).resolves.toMatchObject({ id: ids.lesson });
    await expect(authorizeDropParticipant(otherParent(), ids.lesson, w.ids.student)).rejects.toMatchObject(refused());
    await expect(authorizeReserveSeat(parent(), ids.dropIn, w.ids.student)).resolves.toMatchObject({ id: ids.dropIn });
    await expect(authorizeReserveSeat(otherParent(), ids.dropIn, w.ids.student)).rejects.toMatchObject(refused('session.access.notYourChild'));
    await expect(authorizeReserveSeat(student(), ids.dropIn, w.ids.student)).resolves.toMatchObject({ id: ids.dropIn });
  });
});
