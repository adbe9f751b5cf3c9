/**
 * The tenants API over HTTP, as the web app calls it: every operation of issue 2 section 7 with
 * good input, malformed input (BAD_USER_INPUT, per-field messages, nothing written) and forbidden
 * callers (FORBIDDEN / UNAUTHENTICATED, nothing written), plus tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../auth/seed';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { ECOSYSTEM, PROGRAM, codeOf, fieldsOf, type EcosystemData, type ProgramData } from './testing';

let api: TestApi;
let platformAdmin: string;
let ecosystemAdmin: string;
/** A tutor (LEADER) in a program of `home`: a member of the tenant, but no admin. */
let leader: string;
let homeProgram: ProgramData;
/** The seeded ecosystem the ecosystem admin administers. */
let home: EcosystemData;
/** Another tenant, created here, that the ecosystem admin must never see. */
let other: EcosystemData;
let otherProgram: ProgramData;

type Vars = Record<string, unknown>;
const as = (token: string | null, headers?: Record<string, string>) =>
  <T = Record<string, unknown>>(query: string, variables: Vars = {}): Promise<GraphQLResponse<T>> => api.graphql<T>(query, variables, { token, headers });

/** Runs a request that must fail with `code` and append nothing; answers the response. */
async function refused(code: string, run: () => Promise<GraphQLResponse>): Promise<GraphQLResponse> {
  const before = await api.eventCount();
  const res = await run();
  expect(codeOf(res), JSON.stringify(res.errors)).toBe(code);
  expect(await api.eventCount()).toBe(before);
  return res;
}

const CREATE_ECOSYSTEM = `mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { ${ECOSYSTEM} } }`;
const EDIT_ECOSYSTEM = `mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { ${ECOSYSTEM} } }`;
const ARCHIVE = `mutation($id: ID!) { archiveEcosystem(ecosystemId: $id) { id archived } }`;
const UNARCHIVE = `mutation($id: ID!) { unArchiveEcosystem(ecosystemId: $id) { id archived } }`;
const PLATFORM_CONFIG = `mutation($input: EcosystemInput!) { updatePlatformEcosystemConfig(ecosystemInput: $input) { tutorTerm tuteeTerm sessionSettings { sessionDurations } } }`;
const MIGRATE = `mutation($id: ID!) { migrateEcosystemToProgram(ecosystemId: $id) { ${PROGRAM} } }`;
const CREATE_PROGRAM = `mutation($input: ProgramInput!) { createProgram(programInput: $input) { ${PROGRAM} } }`;
const EDIT_PROGRAM = `mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { ${PROGRAM} } }`;
const ARCHIVE_PROGRAM = `mutation($id: ID!) { archiveProgram(programId: $id) { id archived } }`;
const UNARCHIVE_PROGRAM = `mutation($id: ID!) { unArchiveProgram(programId: $id) { id archived } }`;
const ECO_CREATE_PROGRAM = `mutation($input: ProgramInput!) { ecosystemCreateProgram(programInput: $input) { ${PROGRAM} } }`;
const ECO_EDIT_PROGRAM = `mutation($id: ID!, $input: ProgramInput!) { ecosystemEditProgram(programId: $id, programInput: $input) { ${PROGRAM} } }`;

beforeAll(async () => {
  api = await startTestApi();
  platformAdmin = await api.loginAs('platformAdmin');
  ecosystemAdmin = await api.loginAs('ecosystemAdmin');
  const mine = await as(ecosystemAdmin)<{ getEcosystems: { edges: Array<{ node: EcosystemData }> } }>(`{ getEcosystems { edges { node { ${ECOSYSTEM} } } } }`);
  home = mine.data!.getEcosystems.edges[0].node;
  const created = await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'Other Tenant Academy', organizationType: 'PRIVATE_SCHOOL' } });
  other = created.data!.createEcosystem;
  const program = await as(platformAdmin)<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: other.id, name: 'Other Secret Program' } });
  otherProgram = program.data!.createProgram;
  homeProgram = (await as(ecosystemAdmin)<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'Leader Program' } })).data!.createProgram;
  const tutor = { email: 'leader.tenants@example.org', password: 'leader-tenants-password-1' };
  await ensureUser(api.platform.services, { ...tutor, firstName: 'Lee', lastName: 'Der', roles: [{ ecosystemId: home.rawId, role: 'LEADER', programId: homeProgram.rawId }] });
  leader = await api.login(tutor.email, tutor.password);
});

afterAll(async () => {
  await api?.stop();
});

describe('createEcosystem', () => {
  it('creates an ecosystem with the defaults a new tenant expects and answers it', async () => {
    const res = await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'Springfield Public Schools District', organizationType: 'PUBLIC_DISTRICT', city: 'Springfield' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createEcosystem).toMatchObject({
      name: 'Springfield Public Schools District', shortName: 'Springfield Public', profileId: 'springfield-public', type: 'ECOSYSTEM',
      tutorTerm: 'Leader', tuteeTerm: 'Learner', moduleTerm: 'Module', supportedLanguages: ['en', 'sp'], archived: false,
      sessionSettings: { sessionDurations: [30, 45, 60, 90], sessionInterval: 15 },
    });
  });

  it('answers BAD_USER_INPUT with a message per field for malformed input, writing nothing', async () => {
    const res = await refused('BAD_USER_INPUT', () => as(platformAdmin)(CREATE_ECOSYSTEM, { input: { name: ' ', shortName: 'A short name far too long', sessionSettings: { sessionDurations: [5] } } }));
    expect(fieldsOf(res)).toMatchObject({
      'ecosystemInput.name': 'Name is required.',
      'ecosystemInput.shortName': 'Short name must be at most 20 characters.',
      'ecosystemInput.organizationType': 'Organisation type is required.',
      'ecosystemInput.sessionSettings.sessionDurations.0': 'Sessions cannot be shorter than 15 minutes.',
    });
  });

  it('refuses a profile id another ecosystem has, on that field, writing nothing', async () => {
    const res = await refused('BAD_USER_INPUT', () => as(platformAdmin)(CREATE_ECOSYSTEM, { input: { name: 'Copycat', organizationType: 'NON_PROFIT', profileId: other.profileId } }));
    expect(fieldsOf(res)).toEqual({ 'ecosystemInput.profileId': `The profile id "${other.profileId}" is already used by another ecosystem.` });
  });

  it('is for platform admins only', async () => {
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(CREATE_ECOSYSTEM, { input: { name: 'Mine', organizationType: 'NON_PROFIT' } }));
    await refused('UNAUTHENTICATED', () => as(null)(CREATE_ECOSYSTEM, { input: { name: 'Mine', organizationType: 'NON_PROFIT' } }));
  });
});

describe('editEcosystem', () => {
  it('lets a platform admin change anything, merging groups field by field, and moves the profile id', async () => {
    const res = await as(platformAdmin)<{ editEcosystem: EcosystemData }>(EDIT_ECOSYSTEM, { id: other.id, input: { profileId: 'other-academy', sessionSettings: { sessionInterval: 30 } } });
    expect(res.data!.editEcosystem).toMatchObject({ profileId: 'other-academy', sessionSettings: { sessionInterval: 30, sessionDurations: [30, 45, 60, 90] } });
    other = res.data!.editEcosystem;
    // The old profile id is free again.
    const reuse = await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'Other Tenant Academy Two', organizationType: 'NON_PROFIT', profileId: 'other-tenant-academy' } });
    expect(reuse.data?.createEcosystem.profileId).toBe('other-tenant-academy');
  });

  it('lets an ecosystem admin configure their own ecosystem, but not its profile id', async () => {
    const res = await as(ecosystemAdmin)<{ editEcosystem: EcosystemData }>(EDIT_ECOSYSTEM, { id: home.rawId, input: { tutorTerm: 'Mentor' } });
    expect(res.data!.editEcosystem.tutorTerm).toBe('Mentor');
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(EDIT_ECOSYSTEM, { id: home.id, input: { profileId: 'taken-over' } }));
  });

  it('answers BAD_USER_INPUT per field for malformed input, writing nothing', async () => {
    const res = await refused('BAD_USER_INPUT', () => as(platformAdmin)(EDIT_ECOSYSTEM, { id: other.id, input: { name: null, ratingSettings: { lowRatingThreshold: 9 } } }));
    expect(fieldsOf(res)).toEqual({
      'ecosystemInput.name': 'Name is required.',
      'ecosystemInput.ratingSettings.lowRatingThreshold': 'Low rating threshold must be below the maximum rating.',
    });
    const badId = await refused('BAD_USER_INPUT', () => as(platformAdmin)(EDIT_ECOSYSTEM, { id: 'not-an-id', input: { name: 'X' } }));
    expect(fieldsOf(badId)).toEqual({ ecosystemId: 'Ecosystem id must be a valid id.' });
  });

  it('refuses other tenants and anonymous callers, writing nothing', async () => {
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(EDIT_ECOSYSTEM, { id: other.id, input: { name: 'Hijacked' } }));
    await refused('UNAUTHENTICATED', () => as(null)(EDIT_ECOSYSTEM, { id: other.id, input: { name: 'Hijacked' } }));
  });
});

describe('archiveEcosystem and unArchiveEcosystem', () => {
  it('archive and unarchive; archiving twice is a CONFLICT that writes nothing', async () => {
    const target = (await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'Short Lived', organizationType: 'FOR_PROFIT' } })).data!.createEcosystem;
    expect((await as(platformAdmin)<{ archiveEcosystem: { archived: boolean } }>(ARCHIVE, { id: target.id })).data!.archiveEcosystem.archived).toBe(true);
    const again = await refused('CONFLICT', () => as(platformAdmin)(ARCHIVE, { id: target.id }));
    expect(again.errors![0].message).toBe('This ecosystem is already archived.');
    expect((await as(platformAdmin)<{ unArchiveEcosystem: { archived: boolean } }>(UNARCHIVE, { id: target.id })).data!.unArchiveEcosystem.archived).toBe(false);
    await refused('CONFLICT', () => as(platformAdmin)(UNARCHIVE, { id: target.id }));
  });

  it('answer BAD_USER_INPUT for a malformed id and FORBIDDEN or UNAUTHENTICATED to others, writing nothing', async () => {
    for (const mutation of [ARCHIVE, UNARCHIVE]) {
      expect(fieldsOf(await refused('BAD_USER_INPUT', () => as(platformAdmin)(mutation, { id: '42' })))).toEqual({ ecosystemId: 'Ecosystem id must be a valid id.' });
      await refused('FORBIDDEN', () => as(ecosystemAdmin)(mutation, { id: home.id }));
      await refused('UNAUTHENTICATED', () => as(null)(mutation, { id: home.id }));
    }
  });
});

describe('migrateEcosystemToProgram', () => {
  it('turns the ecosystem into a global program of its own, once: asking again answers the same program', async () => {
    const target = (await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'Legacy Tutors', organizationType: 'NON_PROFIT', tutoringRequestType: 'PAIR' } })).data!.createEcosystem;
    const first = await as(platformAdmin)<{ migrateEcosystemToProgram: ProgramData }>(MIGRATE, { id: target.id });
    expect(first.data!.migrateEcosystemToProgram).toMatchObject({ name: 'Legacy Tutors', isGlobal: true, tutoringRequestType: 'PAIR', ecosystemId: target.id });
    const before = await api.eventCount();
    const second = await as(platformAdmin)<{ migrateEcosystemToProgram: ProgramData }>(MIGRATE, { id: target.rawId });
    expect(second.data!.migrateEcosystemToProgram.id).toBe(first.data!.migrateEcosystemToProgram.id);
    expect(await api.eventCount()).toBe(before);
    const eco = await as(platformAdmin)<{ getEcosystemById: { migratedToProgram: { id: string } } }>(`query($id: ID!) { getEcosystemById(ecosystemId: $id) { migratedToProgram { id } } }`, { id: target.id });
    expect(eco.data!.getEcosystemById.migratedToProgram.id).toBe(first.data!.migrateEcosystemToProgram.id);
  });

  it('answers BAD_USER_INPUT, FORBIDDEN and UNAUTHENTICATED as it should, writing nothing', async () => {
    await refused('BAD_USER_INPUT', () => as(platformAdmin)(MIGRATE, { id: 'nope' }));
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(MIGRATE, { id: home.id }));
    await refused('UNAUTHENTICATED', () => as(null)(MIGRATE, { id: home.id }));
  });
});

describe('createProgram, editProgram, archiveProgram, unArchiveProgram', () => {
  it('let an ecosystem admin create, rename, archive and unarchive a program of their ecosystem', async () => {
    const created = await as(ecosystemAdmin)<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'Saturday Reading Club for Families' } });
    expect(created.errors).toBeUndefined();
    const program = created.data!.createProgram;
    expect(program).toMatchObject({ name: 'Saturday Reading Club for Families', shortName: 'Saturday Reading', ecosystemId: home.id, archived: false, isDemo: false });
    const renamed = await as(ecosystemAdmin)<{ editProgram: ProgramData }>(EDIT_PROGRAM, { id: program.id, input: { name: 'Reading Buddies', subBoard: { visibleToTutors: false } } });
    expect(renamed.data!.editProgram).toMatchObject({ name: 'Reading Buddies', subBoard: { enabled: true, visibleToTutors: false } });
    expect((await as(ecosystemAdmin)<{ archiveProgram: { archived: boolean } }>(ARCHIVE_PROGRAM, { id: program.id })).data!.archiveProgram.archived).toBe(true);
    await refused('CONFLICT', () => as(ecosystemAdmin)(ARCHIVE_PROGRAM, { id: program.id }));
    await refused('CONFLICT', () => as(ecosystemAdmin)(EDIT_PROGRAM, { id: program.id, input: { name: 'While archived' } }));
    expect((await as(ecosystemAdmin)<{ unArchiveProgram: { archived: boolean } }>(UNARCHIVE_PROGRAM, { id: program.rawId })).data!.unArchiveProgram.archived).toBe(false);
  });

  it('answer BAD_USER_INPUT per field for malformed input, writing nothing', async () => {
    const missing = await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(CREATE_PROGRAM, { input: { name: 'No home' } }));
    expect(fieldsOf(missing)).toEqual({ 'programInput.ecosystemId': 'Ecosystem is required.' });
    const bad = await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: '', sessionCapabilities: [] } }));
    expect(fieldsOf(bad)).toEqual({ 'programInput.name': 'Name is required.', 'programInput.sessionCapabilities': 'Choose at least one session type.' });
    const program = (await as(ecosystemAdmin)<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'Valid' } })).data!.createProgram;
    const badEdit = await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(EDIT_PROGRAM, { id: program.id, input: { shortName: 'x'.repeat(21), tutorFlowConfig: { education: { required: true } } } }));
    expect(fieldsOf(badEdit)).toEqual({
      'programInput.shortName': 'Short name must be at most 20 characters.',
      'programInput.tutorFlowConfig.education.required': 'Education cannot be required when it is not shown.',
    });
    await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(EDIT_PROGRAM, { id: program.id, input: { ecosystemId: other.id } }));
    for (const mutation of [ARCHIVE_PROGRAM, UNARCHIVE_PROGRAM]) await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(mutation, { id: 'bad' }));
  });

  it('refuse members of the tenant who are no admins, writing nothing', async () => {
    await refused('FORBIDDEN', () => as(leader)(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'By a tutor' } }));
    await refused('FORBIDDEN', () => as(leader)(EDIT_PROGRAM, { id: homeProgram.id, input: { name: 'Renamed by a tutor' } }));
    await refused('FORBIDDEN', () => as(leader)(ARCHIVE_PROGRAM, { id: homeProgram.id }));
    await refused('FORBIDDEN', () => as(leader)(UNARCHIVE_PROGRAM, { id: homeProgram.id }));
    const inHome = as(leader, { 'x-ecosystem-profile-id': home.profileId });
    await refused('FORBIDDEN', () => inHome(ECO_CREATE_PROGRAM, { input: { name: 'By a tutor' } }));
    await refused('FORBIDDEN', () => inHome(ECO_EDIT_PROGRAM, { id: homeProgram.id, input: { name: 'By a tutor' } }));
    await refused('FORBIDDEN', () => as(leader)(EDIT_ECOSYSTEM, { id: home.id, input: { tutorTerm: 'Boss' } }));
  });

  it('refuse other tenants (their programs do not even exist for them) and anonymous callers, writing nothing', async () => {
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(CREATE_PROGRAM, { input: { ecosystemId: other.id, name: 'Intruder' } }));
    await refused('NOT_FOUND', () => as(ecosystemAdmin)(EDIT_PROGRAM, { id: otherProgram.id, input: { name: 'Intruder' } }));
    await refused('NOT_FOUND', () => as(ecosystemAdmin)(ARCHIVE_PROGRAM, { id: otherProgram.id }));
    await refused('NOT_FOUND', () => as(ecosystemAdmin)(UNARCHIVE_PROGRAM, { id: otherProgram.id }));
    for (const [mutation, vars] of [[CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'X' } }], [EDIT_PROGRAM, { id: otherProgram.id, input: { name: 'X' } }],
      [ARCHIVE_PROGRAM, { id: otherProgram.id }], [UNARCHIVE_PROGRAM, { id: otherProgram.id }]] as const) {
      await refused('UNAUTHENTICATED', () => as(null)(mutation, vars));
    }
  });
});

describe('ecosystemCreateProgram and ecosystemEditProgram (ecosystem-profile mode)', () => {
  it('create and edit in the ecosystem the x-ecosystem-profile-id header names', async () => {
    const inHome = as(ecosystemAdmin, { 'x-ecosystem-profile-id': home.profileId });
    const created = await inHome<{ ecosystemCreateProgram: ProgramData }>(ECO_CREATE_PROGRAM, { input: { name: 'Header Program' } });
    expect(created.data!.ecosystemCreateProgram).toMatchObject({ name: 'Header Program', ecosystemId: home.id });
    const edited = await inHome<{ ecosystemEditProgram: ProgramData }>(ECO_EDIT_PROGRAM, { id: created.data!.ecosystemCreateProgram.id, input: { showFiloButton: true } });
    expect(edited.data!.ecosystemEditProgram.showFiloButton).toBe(true);
  });

  it('need the header, and answer BAD_USER_INPUT per field for malformed input, writing nothing', async () => {
    const noHeader = await refused('BAD_USER_INPUT', () => as(ecosystemAdmin)(ECO_CREATE_PROGRAM, { input: { name: 'X' } }));
    expect(Object.keys(fieldsOf(noHeader))).toEqual(['x-ecosystem-profile-id']);
    const inHome = as(ecosystemAdmin, { 'x-ecosystem-profile-id': home.profileId });
    expect(fieldsOf(await refused('BAD_USER_INPUT', () => inHome(ECO_CREATE_PROGRAM, { input: { name: null } })))).toEqual({ 'programInput.name': 'Name is required.' });
    expect(fieldsOf(await refused('BAD_USER_INPUT', () => inHome(ECO_CREATE_PROGRAM, { input: { name: 'X', ecosystemId: other.id } }))))
      .toEqual({ 'programInput.ecosystemId': 'Programs can only be created in the ecosystem you are managing.' });
    await refused('BAD_USER_INPUT', () => inHome(ECO_EDIT_PROGRAM, { id: 'bad', input: { name: 'X' } }));
  });

  it('refuse another tenant named in the header, a program outside it, and anonymous callers, writing nothing', async () => {
    const inOther = as(ecosystemAdmin, { 'x-ecosystem-profile-id': other.profileId });
    await refused('FORBIDDEN', () => inOther(ECO_CREATE_PROGRAM, { input: { name: 'Intruder' } }));
    await refused('FORBIDDEN', () => inOther(ECO_EDIT_PROGRAM, { id: otherProgram.id, input: { name: 'Intruder' } }));
    // Even a platform admin, scoped to one tenant by the header, cannot reach another tenant's program.
    await refused('NOT_FOUND', () => as(platformAdmin, { 'x-ecosystem-profile-id': home.profileId })(ECO_EDIT_PROGRAM, { id: otherProgram.id, input: { name: 'Stray' } }));
    await refused('UNAUTHENTICATED', () => as(null, { 'x-ecosystem-profile-id': home.profileId })(ECO_CREATE_PROGRAM, { input: { name: 'X' } }));
  });
});

describe('updatePlatformEcosystemConfig', () => {
  it('changes the defaults new ecosystems start from, not existing ones', async () => {
    const res = await as(platformAdmin)<{ updatePlatformEcosystemConfig: { tutorTerm: string } }>(PLATFORM_CONFIG, { input: { tutorTerm: 'Coach' } });
    expect(res.data!.updatePlatformEcosystemConfig.tutorTerm).toBe('Coach');
    const fresh = await as(platformAdmin)<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input: { name: 'After Defaults', organizationType: 'NON_PROFIT' } });
    expect(fresh.data!.createEcosystem.tutorTerm).toBe('Coach');
    const existing = await as(platformAdmin)<{ getEcosystemById: EcosystemData }>(`query($id: ID!) { getEcosystemById(ecosystemId: $id) { ${ECOSYSTEM} } }`, { id: other.id });
    expect(existing.data!.getEcosystemById.tutorTerm).toBe('Leader');
    await as(platformAdmin)(PLATFORM_CONFIG, { input: { tutorTerm: 'Leader' } });
  });

  it('answers BAD_USER_INPUT per field (identity fields have no default), FORBIDDEN and UNAUTHENTICATED, writing nothing', async () => {
    const res = await refused('BAD_USER_INPUT', () => as(platformAdmin)(PLATFORM_CONFIG, { input: { name: 'Everyone', sessionSettings: { sessionDurations: [] } } }));
    expect(fieldsOf(res)).toEqual({
      'ecosystemInput.name': 'Name is set per ecosystem and has no platform-wide default.',
    });
    const res2 = await refused('BAD_USER_INPUT', () => as(platformAdmin)(PLATFORM_CONFIG, { input: { sessionSettings: { sessionDurations: [] } } }));
    expect(fieldsOf(res2)).toEqual({ 'ecosystemInput.sessionSettings.sessionDurations': 'Choose at least one session duration.' });
    await refused('FORBIDDEN', () => as(ecosystemAdmin)(PLATFORM_CONFIG, { input: { tutorTerm: 'Boss' } }));
    await refused('UNAUTHENTICATED', () => as(null)(PLATFORM_CONFIG, { input: { tutorTerm: 'Boss' } }));
  });
});
