/**
 * Idempotent mutations over HTTP (decision 0017): the same createProgram (or createEcosystem) sent
 * again with the same Idempotency-Key, one after the other or at the same time, creates one thing
 * and answers the same payload; the repeat is marked `extensions.replayed`. Different keys, or
 * different mutations with the same key, are different actions. One key reused for a different
 * request (other arguments) is refused as a conflict and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { ECOSYSTEM, PROGRAM, codeOf, type EcosystemData, type ProgramData } from './testing';

let api: TestApi;
let token: string;
let home: EcosystemData;

const CREATE_PROGRAM = `mutation($input: ProgramInput!) { createProgram(programInput: $input) { ${PROGRAM} } }`;
const ECO_CREATE_PROGRAM = `mutation($input: ProgramInput!) { ecosystemCreateProgram(programInput: $input) { ${PROGRAM} } }`;
const CREATE_ECOSYSTEM = `mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { ${ECOSYSTEM} } }`;

type ProgramAnswer = GraphQLResponse<{ createProgram: ProgramData }>;
const createProgram = (name: string, key?: string): Promise<ProgramAnswer> =>
  api.graphql(CREATE_PROGRAM, { input: { ecosystemId: home.id, name } }, { token, headers: key ? { 'idempotency-key': key } : {} });

async function programsNamed(name: string): Promise<number> {
  const r = await api.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'ProgramCreated' AND data->'details'->>'name' = $1`, [name]);
  return r.rows[0].n;
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
  const res = await api.graphql<{ getEcosystems: { edges: Array<{ node: EcosystemData }> } }>(`{ getEcosystems { edges { node { ${ECOSYSTEM} } } } }`, {}, { token });
  home = res.data!.getEcosystems.edges[0].node;
});
afterAll(async () => { await api?.stop(); });

describe('Idempotency-Key', () => {
  it('a createProgram sent twice with one key creates one program and answers the same payload, the second marked replayed', async () => {
    const key = crypto.randomUUID();
    const first = await createProgram('Once Only', key);
    const again = await createProgram('Once Only', key);
    expect(first.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    expect(first.extensions?.replayed).toBeUndefined();
    expect(again.extensions?.replayed).toBe(true);
    expect(await programsNamed('Once Only')).toBe(1);
  });

  it('two copies sent at the same time create one program; the one that lost the race answers the winner\'s result, replayed', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all([createProgram('Raced', key), createProgram('Raced', key)]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    expect(answers[1].data).toEqual(answers[0].data);
    expect(answers.map((a) => a.extensions?.replayed === true).sort()).toEqual([false, true]);
    expect(await programsNamed('Raced')).toBe(1);
  });

  it('different keys, or no key, are different actions', async () => {
    const a = await createProgram('Twice On Purpose', crypto.randomUUID());
    const b = await createProgram('Twice On Purpose', crypto.randomUUID());
    const c = await createProgram('Twice On Purpose');
    expect(new Set([a, b, c].map((r) => r.data?.createProgram.rawId)).size).toBe(3);
    expect(await programsNamed('Twice On Purpose')).toBe(3);
  });

  it('two different mutations with the same key do not collide', async () => {
    const key = crypto.randomUUID();
    const plain = await createProgram('Same Key Plain', key);
    const scoped = await api.graphql<{ ecosystemCreateProgram: ProgramData }>(ECO_CREATE_PROGRAM, { input: { name: 'Same Key Scoped' } },
      { token, headers: { 'idempotency-key': key, 'x-ecosystem-profile-id': home.profileId } });
    expect(scoped.errors).toBeUndefined();
    expect(scoped.data!.ecosystemCreateProgram.rawId).not.toBe(plain.data!.createProgram.rawId);
    expect(scoped.extensions?.replayed).toBeUndefined();
  });

  it('a createEcosystem sent twice with one key claims and creates one ecosystem', async () => {
    const key = crypto.randomUUID();
    const input = { name: 'Idempotent Academy', organizationType: 'PRIVATE_SCHOOL' };
    const send = () => api.graphql<{ createEcosystem: EcosystemData }>(CREATE_ECOSYSTEM, { input }, { token, headers: { 'idempotency-key': key } });
    const [first, second] = await Promise.all([send(), send()]);
    const third = await send();
    expect([first, second, third].map((r) => r.errors)).toEqual([undefined, undefined, undefined]);
    expect(second.data).toEqual(first.data);
    expect(third.data).toEqual(first.data);
    const created = await api.db.ownerPool.query(`SELECT 1 FROM events WHERE type = 'EcosystemCreated' AND data->'details'->>'name' = 'Idempotent Academy'`);
    expect(created.rowCount).toBe(1);
  });

  it('refuses one key reused with other arguments, in the reader\'s language, writing nothing; the same arguments in another order are the same request', async () => {
    const key = crypto.randomUUID();
    const first = await api.graphql<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'First Meaning' } }, { token, headers: { 'idempotency-key': key } });
    expect(first.errors).toBeUndefined();
    const before = await api.eventCount();
    const other = await createProgram('Second Meaning', key);
    expect(other.errors?.[0]).toMatchObject({
      message: 'This Idempotency-Key was already used for a different request. Send a new key with each new action.',
      extensions: { code: 'CONFLICT', conflictType: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(other.data?.createProgram ?? null).toBeNull();
    const spanish = await api.graphql(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'Second Meaning' } }, { token, headers: { 'idempotency-key': key, 'accept-language': 'es' } });
    expect(spanish.errors?.[0].message).toBe('Este Idempotency-Key ya se usó para otra solicitud. Envíe una clave nueva con cada acción nueva.');
    expect(await api.eventCount()).toBe(before);
    expect(await programsNamed('Second Meaning')).toBe(0);
    const reordered = await api.graphql<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { name: 'First Meaning', ecosystemId: home.id } }, { token, headers: { 'idempotency-key': key } });
    expect(reordered.errors).toBeUndefined();
    expect(reordered.data).toEqual(first.data);
    expect(reordered.extensions?.replayed).toBe(true);
  });

  it('refuses a key that is not 1 to 255 printable characters, writing nothing', async () => {
    const before = await api.eventCount();
    const res = await createProgram('Bad Key', 'x'.repeat(256));
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toBe('The Idempotency-Key header must be 1 to 255 printable ASCII characters.');
    expect(await api.eventCount()).toBe(before);
    // The structured-header form of the IETF draft (a quoted string) is the same key as the bare one.
    const key = crypto.randomUUID();
    const quoted = await createProgram('Quoted Key', `"${key}"`);
    const bare = await createProgram('Quoted Key', key);
    expect(bare.data).toEqual(quoted.data);
  });
});
