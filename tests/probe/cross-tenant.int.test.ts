/**
 * The cross-tenant probe: every query of the schema, with arguments aimed at another ecosystem's
 * people and programs, sent by an outsider (an admin and a student of another ecosystem, and no one
 * signed in), must answer none of that ecosystem's private data; a parent of one family must not
 * see another family's child. Every mutation aimed at another ecosystem must be refused and write
 * nothing. The documents come from the schema itself (tests/probe/documents.ts), so a field added
 * later is probed without a new case; the few fields that are public by design are listed below
 * with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApi, type GraphQLResponse, type TestApi } from '../setup/api';
import { addPerson, buildWorld, type World } from '../../api/people/testing';
import { toGlobalId } from '../../api/relay';
import { probeMutations, probeQueries, type Aim, type ProbeDocument } from './documents';

let api: TestApi;
let w: World;
let aim: Aim;
let docs: { queries: ProbeDocument[]; mutations: ProbeDocument[] };
/** Strings that only someone entitled to the victim ecosystem (or the victim child's family) may see. */
let ecosystemSecrets: string[];
let childSecrets: string[];
let outsiders: Record<'otherAdmin' | 'otherStudent' | 'otherParent' | 'anonymous', string | null>;

/**
 * Mutations that act on the caller themself or on the platform and take no aim at another tenant:
 * a refusal is not expected of them, so the mutation probe leaves them out (each has its own tests).
 */
const SELF_OR_PLATFORM = new Set(['ping', 'loginPaas', 'Logout', 'refreshToken', 'changePassword', 'setFeatureFlag', 'createEcosystem',
  'updatePlatformEcosystemConfig', 'sendTestMessage', 'loginPaasMFA', 'startMfaTotpEnrolment', 'confirmMfaTotpEnrolment', 'disableMfa',
  'editTimezoneCooldownInfo']);

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
  const { schema } = await import('../../api/graphql/schema').then(async (m) => ({ schema: await m.buildSchema() }));
  aim = {
    ecosystemId: w.e1, programId: w.p1, userId: w.ids.student, email: 'sam.student@example.com', search: 'sam',
    globalIds: [toGlobalId('Ecosystem', w.e1), toGlobalId('Program', w.p1), toGlobalId('User', w.ids.student), toGlobalId('User', w.ids.parent)],
  };
  docs = { queries: probeQueries(schema, aim), mutations: probeMutations(schema, aim) };
  childSecrets = ['sam.student@example.com', w.ids.student, toGlobalId('User', w.ids.student)];
  ecosystemSecrets = [...childSecrets, 'pat.parent@example.com', 'pia.programadmin@example.com', demo.ecosystemAdmin.email,
    w.ids.parent, w.p1, toGlobalId('Program', w.p1)];
  outsiders = { otherAdmin: w.tokens.admin2, otherStudent: otherStudent.token, otherParent: otherParent.token, anonymous: null };
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
    expect([...seen].sort()).toEqual(expect.arrayContaining(['getCurrentUserV2', 'getProgramsByEcosystemId', 'node', 'nodes']));
  }, 120_000);

  for (const who of ['otherAdmin', 'otherStudent', 'anonymous'] as const) {
    it(`answer nothing of it to ${who}`, async () => {
      const leaks: string[] = [];
      for (const doc of docs.queries) {
        const res = await send(doc, outsiders[who]);
        expect(res.status, `${doc.field}: ${JSON.stringify(res.errors)}`).toBeLessThan(500);
        const found = secretsIn(res, ecosystemSecrets);
        if (found.length) leaks.push(`${doc.field}(${JSON.stringify(doc.variables)}) -> ${found.join(', ')}`);
      }
      expect(leaks).toEqual([]);
    }, 120_000);
  }

  it('answer nothing of another family\'s child to a parent of the same ecosystem', async () => {
    const leaks: string[] = [];
    for (const doc of docs.queries) {
      const res = await send(doc, outsiders.otherParent);
      const found = secretsIn(res, childSecrets);
      if (found.length) leaks.push(`${doc.field}(${JSON.stringify(doc.variables)}) -> ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});

describe('mutations aimed at another ecosystem', () => {
  it('are refused with an error code and write nothing', async () => {
    const wrote: string[] = [];
    const uncoded: string[] = [];
    const aimedMutations = docs.mutations.filter((d) => !SELF_OR_PLATFORM.has(d.field));
    expect(aimedMutations.length).toBeGreaterThan(15);
    for (const doc of aimedMutations) {
      const before = await api.eventCount();
      const res = await send(doc, w.tokens.admin2);
      if (!res.errors?.[0]?.extensions?.code) uncoded.push(`${doc.field}: ${JSON.stringify(res.data)}`);
      if ((await api.eventCount()) !== before) wrote.push(doc.field);
    }
    expect({ wrote, uncoded }).toEqual({ wrote: [], uncoded: [] });
  }, 120_000);
});
