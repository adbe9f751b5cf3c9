/**
 * Who sees what of a person, role statuses end to end, and the ecosystem profile: getCurrentUserV2
 * with the fields of spec section 3, archived members losing access, editUserProperties checked
 * against the ecosystem's own custom properties.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, refusedUnchanged, setRoleStatus, type World } from './testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;

const ME = `{ getCurrentUserV2 { id isMultiEcosystemUser canMessage rolesLabel mode programs ecosystemRoles { role status } programRoles { role status }
  profile { firstName profileId profileTypes languagePreference canDrive internalApprovalStatus availableHours { day } demographics { birthdate }
    ecosystemRoles { role status isArchived type } } } }`;
const PROPS = `mutation($eco: ID, $id: ID, $input: EcosystemProfileInput!) { editUserProperties(ecosystemId: $eco, userId: $id, input: $input) {
  ecosystemProfile(ecosystemId: $eco) { ecosystemId isWelcomeFlowComplete customProperties { key type value { optionId value } } } } }`;
const EDIT_ECOSYSTEM = 'mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }';

type Me = { getCurrentUserV2: Record<string, unknown> & { profile: Record<string, unknown> } };

const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const res = await api.graphql(EDIT_ECOSYSTEM, { id: w.e1, input: {
    customProperties: [
      { label: 'Shirt size', internalKeyName: 'shirt', fieldType: 'SINGLE_SELECT', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }] },
      { label: 'Bus rider', internalKeyName: 'bus', fieldType: 'BOOLEAN' },
    ],
    requiredUserProperties: ['shirt'],
    supportedSchools: [{ id: 'rhs', name: 'Riverside High', city: 'Riverside', state: 'CA' }],
  } }, { token: w.tokens.admin1 });
  expect(res.errors).toBeUndefined();
});
afterAll(async () => { await api.stop(); });

describe('getCurrentUserV2', () => {
  it('shows the person\'s profile of spec section 3 with its defaults, roles in force and every role with its status', async () => {
    const res = await api.graphql<Me>(ME, {}, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.getCurrentUserV2).toMatchObject({
      isMultiEcosystemUser: false, canMessage: true, rolesLabel: 'Student, Learner', mode: null, programs: [toGlobalId('Program', w.p1)],
      ecosystemRoles: [{ role: 'STUDENT', status: 'ACTIVE' }], programRoles: [{ role: 'PUPIL', status: 'ACTIVE' }],
      profile: {
        firstName: 'Sam', profileId: w.ids.student, profileTypes: ['Student', 'StudentOrParent'], languagePreference: 'en', canDrive: false,
        internalApprovalStatus: 'NOT_STARTED', availableHours: [], demographics: { birthdate: null },
        ecosystemRoles: expect.arrayContaining([
          { role: 'STUDENT', status: 'ACTIVATED', isArchived: false, type: 'ECOSYSTEM' }, { role: 'PUPIL', status: 'ACTIVE', isArchived: false, type: 'PROGRAM' },
        ]),
      },
    });
  });

  it('reads rolesLabel in Spanish, and with the browsed ecosystem\'s own terms', async () => {
    const es = await api.graphql<Me>('{ getCurrentUserV2 { rolesLabel } }', {}, { token: w.tokens.student, headers: { 'accept-language': 'es' } });
    expect(es.data!.getCurrentUserV2.rolesLabel).toBe('Estudiante, Aprendiz');
    await api.graphql(EDIT_ECOSYSTEM, { id: w.e1, input: { tuteeTerm: 'Scholar' } }, { token: w.tokens.admin1 });
    const browsed = await api.graphql<Me>('{ getCurrentUserV2 { rolesLabel } }', {}, { token: w.tokens.student, headers: { 'x-ecosystem-profile-id': w.e1 } });
    expect(browsed.data!.getCurrentUserV2.rolesLabel).toBe('Student, Scholar');
    const other = await api.graphql<Me>('{ getCurrentUserV2 { rolesLabel } }', {}, { token: w.tokens.student, headers: { 'x-ecosystem-profile-id': w.e2 } });
    expect(other.data!.getCurrentUserV2.rolesLabel).toBe('No role');
  });
});

describe('role statuses end to end', () => {
  it('an archived member keeps their account and profile but loses the ecosystem: no roles in force, no access to its profile', async () => {
    const archived = await addPerson(api, 'ari.archived@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }]);
    await setRoleStatus(api, archived.userId, { ecosystemId: w.e1, role: 'MEMBER' }, 'ARCHIVED');
    const token = await api.login('ari.archived@example.com', 'people-test-password-1');
    const me = await api.graphql<Me>(ME, {}, { token });
    expect(me.data!.getCurrentUserV2).toMatchObject({
      canMessage: false, rolesLabel: 'No role', ecosystemRoles: [], profile: { ecosystemRoles: [{ role: 'MEMBER', status: 'ARCHIVED', isArchived: true, type: 'ECOSYSTEM' }] },
    });
    const own = await api.graphql('mutation { updateUser(input: { bio: "Still here." }) { id } }', {}, { token });
    expect(own.errors).toBeUndefined();
    await unchanged(() => api.graphql(PROPS, { eco: w.e1, input: { properties: [{ key: 'shirt', optionIds: ['s'] }] } }, { token }), 'FORBIDDEN');
    // The ecosystem's admin still sees and manages the archived member.
    const byAdmin = await api.graphql(PROPS, { eco: w.e1, id: archived.userId, input: { properties: [{ key: 'shirt', optionIds: ['l'] }] } }, { token: w.tokens.admin1 });
    expect(byAdmin.errors).toBeUndefined();
  });
});

describe('editUserProperties', () => {
  it('stores answers checked against the ecosystem\'s definitions, for the ecosystem of the header', async () => {
    const res = await api.graphql<{ editUserProperties: { ecosystemProfile: Record<string, unknown> } }>(
      PROPS.replace('ecosystemProfile(ecosystemId: $eco)', 'ecosystemProfile'),
      { input: { properties: [{ key: 'shirt', optionIds: ['s'] }, { key: 'bus', value: 'true' }], isWelcomeFlowComplete: true } },
      { token: w.tokens.student, headers: { 'x-ecosystem-profile-id': w.e1 } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.editUserProperties.ecosystemProfile).toEqual({
      ecosystemId: toGlobalId('Ecosystem', w.e1), isWelcomeFlowComplete: true, customProperties: [
        { key: 'bus', type: 'BOOLEAN', value: [{ optionId: null, value: 'true' }] },
        { key: 'shirt', type: 'SINGLE_SELECT', value: [{ optionId: 's', value: 'Small' }] },
      ],
    });
  });

  it('refuses bad answers per field, and a required property cleared, writing nothing', async () => {
    const res = await unchanged(() => api.graphql(PROPS, { eco: w.e1, input: { properties: [{ key: 'bus', value: 'maybe' }, { key: 'shoe', value: '9' }, { key: 'shirt', optionIds: [] }] } },
      { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({
      'input.properties.0.value': 'This property needs true or false.',
      'input.properties.1.key': 'This ecosystem has no profile property with this key.',
      'input.properties.shirt': 'Shirt size is required.',
    });
  });

  it('refuses another ecosystem\'s admin and a parent of another family; a person outside the ecosystem is not a member there', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent]) {
      await unchanged(() => api.graphql(PROPS, { eco: w.e1, id: w.ids.student, input: { isWelcomeFlowComplete: false } }, { token }), 'FORBIDDEN');
    }
    await unchanged(() => api.graphql(PROPS, { eco: w.e2, input: { isWelcomeFlowComplete: true } }, { token: w.tokens.student }), 'FORBIDDEN');
    await unchanged(() => api.graphql(PROPS, { eco: w.e2, id: w.ids.student, input: { isWelcomeFlowComplete: true } }, { token: w.tokens.admin2 }), 'FORBIDDEN');
    await unchanged(() => api.graphql(PROPS, { input: { isWelcomeFlowComplete: true } }, { token: w.tokens.student }), 'BAD_USER_INPUT');
  });
});

describe('ids inside profile input', () => {
  const SCHOOL = 'mutation($input: ProfileInput!) { updateUser(input: $input) { profile { currentInstitution { id name alias city state } } } }';

  it('take the current institution from the supported schools of the person\'s ecosystems', async () => {
    const res = await api.graphql<{ updateUser: { profile: Record<string, unknown> } }>(SCHOOL, { input: { currentInstitutionId: 'rhs' } }, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateUser.profile.currentInstitution).toEqual({ id: 'rhs', name: 'Riverside High', alias: null, city: 'Riverside', state: 'CA' });
  });

  it('refuse a school of no ecosystem of the person\'s, naming the field and writing nothing', async () => {
    await api.graphql(EDIT_ECOSYSTEM, { id: w.e2, input: { supportedSchools: [{ id: 'far', name: 'Far Away School' }] } }, { token: w.tokens.admin2 });
    const res = await unchanged(() => api.graphql(SCHOOL, { input: { currentInstitutionId: 'far' } }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({ 'input.currentInstitutionId': 'Choose a school of one of your ecosystems.' });
  });

  it('refuse malformed primary info and an anonymous cooldown record, writing nothing', async () => {
    const res = await unchanged(() => api.graphql('mutation { editPrimaryInfo(input: { lastName: "", phoneNumber: "12345" }) { id } }', {}, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(res)).sort()).toEqual(['input.lastName', 'input.phoneNumber']);
    await unchanged(() => api.graphql('mutation { editTimezoneCooldownInfo(input: { numTimesDismissed: 1 }) { id } }'), 'UNAUTHENTICATED');
  });
});

describe('reading another person', () => {
  const NODE = 'query($id: ID!) { node(id: $id) { ... on User { id rolesLabel profile { phoneNumber bio } ecosystemProfile(ecosystemId: null) { ecosystemId } } } }';

  it('shows a member to their ecosystem\'s admin and to no one of another ecosystem', async () => {
    const id = toGlobalId('User', w.ids.student);
    const own = await api.graphql<{ node: { id: string } | null }>(NODE, { id }, { token: w.tokens.admin1 });
    expect(own.data!.node?.id).toBe(id);
    const other = await api.graphql<{ node: unknown }>(NODE, { id }, { token: w.tokens.admin2 });
    expect(other.errors).toBeUndefined();
    expect(other.data!.node).toBeNull();
  });

  it('shows a parent of another family nothing of a learner of their ecosystem, exactly as a person of another ecosystem (decision 0053)', async () => {
    const id = toGlobalId('User', w.ids.student);
    for (const field of ['bio', 'firstName', 'phoneNumber', 'demographics { birthdate }', 'hourlyWage', 'tzCooldownInfo { numTimesDismissed }']) {
      const query = `query($id: ID!) { node(id: $id) { ... on User { id profile { ${field} } } } }`;
      const [res, outside] = await Promise.all([api.graphql(query, { id }, { token: w.tokens.parent }), api.graphql(query, { id }, { token: w.tokens.admin2 })]);
      expect(res, field).toEqual(outside);
      expect({ errors: res.errors, data: res.data }, field).toEqual({ errors: undefined, data: { node: null } });
    }
    const admin = await api.graphql<{ node: { profile: { hourlyWage: number | null } } }>('query($id: ID!) { node(id: $id) { ... on User { profile { hourlyWage phoneNumber } } } }', { id }, { token: w.tokens.admin1 });
    expect(admin.errors).toBeUndefined();
  });
});
