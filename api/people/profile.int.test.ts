/**
 * The profile mutations against the real platform: what a person and their admins may change, the
 * spec's validation with messages per field in English and Spanish, and that refused input writes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { buildWorld, refusedUnchanged, type World } from './testing';

let api: TestApi;
let w: World;

const PROFILE = 'id profile { firstName preferredName phoneNumber formattedPhoneNumber bio timeZoneId hourlyWage backgroundCheckStatus demographics { birthdate sex } tzUpdateInfo { showAdminUpdateDialog } tzCooldownInfo { numTimesDismissed latestDetectedTimezone } }';
const UPDATE = `mutation($input: ProfileInput!) { updateUser(input: $input) { ${PROFILE} mode } }`;
const GENERIC = `mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { ${PROFILE} } }`;
const TIME_ZONE = `mutation($tz: String!, $id: ID) { editTimeZoneId(timeZoneId: $tz, userId: $id) { ${PROFILE} } }`;
const COOLDOWN = `mutation($input: TimezoneCooldownInfoInput!) { editTimezoneCooldownInfo(input: $input) { ${PROFILE} } }`;
const PRIMARY = `mutation($id: ID, $input: PrimaryInfoInput!) { editPrimaryInfo(userId: $id, input: $input) { ${PROFILE} } }`;

type Profile = { profile: Record<string, unknown>; mode?: string | null };

const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
});
afterAll(async () => { await api.stop(); });

describe('updateUser (the signed-in person)', () => {
  it('saves profile fields, normalising the phone and showing it as (xxx) xxx-xxxx, and switches to tutee mode', async () => {
    const res = await api.graphql<{ updateUser: Profile }>(UPDATE, {
      input: { phoneNumber: '1-555-123-4567', bio: '  Likes maths. ', preferredName: 'Sammy', demographics: { birthdate: '2010-04-01', sex: 'F' }, mode: 'TUTEE' },
    }, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateUser).toMatchObject({
      mode: 'TUTEE',
      profile: { preferredName: 'Sammy', phoneNumber: '5551234567', formattedPhoneNumber: '(555) 123-4567', bio: 'Likes maths.', demographics: { birthdate: '2010-04-01', sex: 'F' } },
    });
  });

  it('saved twice with one Idempotency-Key, records one change', async () => {
    const headers = { 'idempotency-key': 'people-bio-1' };
    const first = await api.graphql(UPDATE, { input: { bio: 'Once.' } }, { token: w.tokens.student, headers });
    const before = await api.eventCount();
    const again = await api.graphql(UPDATE, { input: { bio: 'Once.' } }, { token: w.tokens.student, headers });
    expect(first.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    expect(await api.eventCount()).toBe(before);
  });

  it('refuses malformed input per field, in the reader\'s language, and writes nothing', async () => {
    const res = await unchanged(() => api.graphql(UPDATE, { input: { phoneNumber: '555-1234', timeZoneId: 'Mars/Base', firstName: ' ' } }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({
      'input.phoneNumber': 'Phone number must have 10 digits (an optional leading 1 is allowed).',
      'input.timeZoneId': 'Time zone must be a time zone such as America/New_York.',
      'input.firstName': 'First name is required.',
    });
    const es = await unchanged(() => api.graphql(UPDATE, { input: { phoneNumber: '12' } }, { token: w.tokens.student, headers: { 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(fieldsOf(es)).toEqual({ 'input.phoneNumber': 'El campo «Número de teléfono» debe tener 10 dígitos (se admite un 1 inicial).' });
    await unchanged(() => api.graphql(UPDATE, { input: {} }, { token: w.tokens.student }), 'BAD_USER_INPUT');
  });

  it('refuses the admin fields and tutor mode to a learner, writing nothing', async () => {
    await unchanged(() => api.graphql(UPDATE, { input: { hourlyWage: 40, bio: 'Rich now.' } }, { token: w.tokens.student }), 'FORBIDDEN');
    const mode = await unchanged(() => api.graphql(UPDATE, { input: { mode: 'TUTOR' } }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(mode)).toEqual({ 'input.mode': 'Tutor mode needs a tutor role and tutee mode a student or parent role in an ecosystem.' });
  });

  it('answers UNAUTHENTICATED without a token', async () => {
    await unchanged(() => api.graphql(UPDATE, { input: { bio: 'x' } }), 'UNAUTHENTICATED');
  });
});

describe('genericUpdateUser and editPrimaryInfo (someone\'s profile)', () => {
  it('let the ecosystem admin set pay and background check of a member', async () => {
    const res = await api.graphql<{ genericUpdateUser: Profile }>(GENERIC, { id: w.ids.student, input: { hourlyWage: 25.5, backgroundCheckStatus: 'APPROVED' } }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.genericUpdateUser.profile).toMatchObject({ hourlyWage: 25.5, backgroundCheckStatus: 'APPROVED' });
  });

  it('refuse an admin of another ecosystem, a parent of another family and a program admin, for real and made-up ids alike', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(GENERIC, { id: w.ids.student, input: { bio: 'Hacked.' } }, { token }), 'FORBIDDEN');
      await unchanged(() => api.graphql(PRIMARY, { id: w.ids.student, input: { phoneNumber: '5550000000' } }, { token }), 'FORBIDDEN');
    }
    await unchanged(() => api.graphql(GENERIC, { id: crypto.randomUUID(), input: { bio: 'x' } }, { token: w.tokens.admin1 }), 'FORBIDDEN');
    const bad = await unchanged(() => api.graphql(GENERIC, { id: 'not-an-id', input: { bio: 'x' } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad))).toEqual(['userId']);
  });

  it('editPrimaryInfo changes names and phone of the person, or of a member for their admin', async () => {
    const own = await api.graphql<{ editPrimaryInfo: Profile }>(PRIMARY, { input: { firstName: 'Samuel', phoneNumber: '(555) 222-3333' } }, { token: w.tokens.student });
    expect(own.data!.editPrimaryInfo.profile).toMatchObject({ firstName: 'Samuel', phoneNumber: '5552223333' });
    const byAdmin = await api.graphql<{ editPrimaryInfo: Profile }>(PRIMARY, { id: w.ids.student, input: { preferredName: null } }, { token: w.tokens.admin1 });
    expect(byAdmin.data!.editPrimaryInfo.profile).toMatchObject({ firstName: 'Samuel', preferredName: null });
  });
});

describe('time zones', () => {
  it('an admin\'s change raises the person\'s admin-update dialog; the person acknowledges it with their dismissals', async () => {
    const res = await api.graphql<{ editTimeZoneId: Profile }>(TIME_ZONE, { tz: 'America/Chicago', id: w.ids.student }, { token: w.tokens.admin1 });
    expect(res.data!.editTimeZoneId.profile).toMatchObject({ timeZoneId: 'America/Chicago', tzUpdateInfo: { showAdminUpdateDialog: true } });
    const ack = await api.graphql<{ editTimezoneCooldownInfo: Profile }>(COOLDOWN, {
      input: { numTimesDismissed: 2, latestDetectedTimezone: 'America/Denver', timeOfMostRecentDismissal: '2026-11-24T07:00:00Z', acknowledgeAdminUpdate: true },
    }, { token: w.tokens.student });
    expect(ack.data!.editTimezoneCooldownInfo.profile).toMatchObject({
      tzUpdateInfo: { showAdminUpdateDialog: false }, tzCooldownInfo: { numTimesDismissed: 2, latestDetectedTimezone: 'America/Denver' },
    });
    const own = await api.graphql<{ editTimeZoneId: Profile }>(TIME_ZONE, { tz: 'America/New_York' }, { token: w.tokens.student });
    expect(own.data!.editTimeZoneId.profile).toMatchObject({ timeZoneId: 'America/New_York', tzUpdateInfo: { showAdminUpdateDialog: false } });
  });

  it('refuse an unknown zone and another ecosystem\'s admin, writing nothing', async () => {
    const res = await unchanged(() => api.graphql(TIME_ZONE, { tz: 'Eastern' }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({ timeZoneId: 'Time zone must be a time zone such as America/New_York.' });
    await unchanged(() => api.graphql(TIME_ZONE, { tz: 'America/Chicago', id: w.ids.student }, { token: w.tokens.admin2 }), 'FORBIDDEN');
    const cooldown = await unchanged(() => api.graphql(COOLDOWN, { input: { numTimesDismissed: -1, latestDetectedTimezone: 'Nowhere/Land' } }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(cooldown)).sort()).toEqual(['input.latestDetectedTimezone', 'input.numTimesDismissed']);
  });
});
