/**
 * The scheduling settings page's documents (decision 0071) against the real API, as the page sends
 * them (their text from web/persisted-queries.json): an admin of another ecosystem reads nothing of
 * this one and may not save; a member who is no admin may not save; a malformed value is refused on
 * its field path; and a save of only the changed parts leaves the other settings as they were.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, refusedUnchanged, type World } from '../api/people/testing';
import { fieldsOf } from '../api/tenants/testing';
import { toGlobalId } from '../api/relay';
import { startTestApi, type TestApi } from './setup/api';

const persisted = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../web/persisted-queries.json'), 'utf8')) as Record<string, string>;
const documentOf = (name: string): string => {
  const text = Object.values(persisted).find((t) => new RegExp(`^(query|mutation) ${name}\\b`).test(t.trim()));
  if (!text) throw new Error(`no persisted document ${name}`);
  return text;
};
const QUERY = documentOf('EcosystemSettingsPageQuery');
const SAVE = documentOf('EcosystemSettingsPageMutation');

interface PageData {
  getEcosystemById: { name: string; sessionSettings: { sessionDurations: number[]; sessionInterval: number; overlapChecksEnabled: boolean } } | null;
  getProgramsByEcosystemId: { edges: unknown[] };
}

let api: TestApi;
let world: World;
let ecosystemId: string;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
  ecosystemId = toGlobalId('Ecosystem', world.e1);
}, 120_000);
afterAll(async () => { await api?.stop(); });

const save = (token: string, ecosystemInput: Record<string, unknown>) => () => api.graphql(SAVE, { ecosystemId, ecosystemInput }, { token });

describe('the scheduling settings documents', () => {
  it('show an admin of another ecosystem nothing of this one', async () => {
    const res = await api.graphql<PageData>(QUERY, { ecosystemId }, { token: world.tokens.admin2 });
    expect(res.data?.getEcosystemById ?? null).toBeNull();
    expect(res.data?.getProgramsByEcosystemId.edges ?? []).toEqual([]);
    expect(JSON.stringify(res)).not.toContain('Riverside');
  });

  it('refuse a save by an admin of another ecosystem, a learner and a parent, writing nothing', async () => {
    for (const token of [world.tokens.admin2, world.tokens.student, world.tokens.parent]) {
      await refusedUnchanged(api, save(token, { sessionSettings: { sessionInterval: 60, overlapChecksEnabled: false } }), 'FORBIDDEN');
    }
  });

  it('refuse a session length too short on its field path, writing nothing', async () => {
    const res = await refusedUnchanged(api, save(world.tokens.admin1, { sessionSettings: { sessionDurations: [10, 45] } }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)['ecosystemInput.sessionSettings.sessionDurations.0']).toBe('Sessions cannot be shorter than 15 minutes.');
  });

  it('keep what a save of only the changed parts leaves out', async () => {
    const before = (await api.graphql<PageData>(QUERY, { ecosystemId }, { token: world.tokens.admin1 })).data!.getEcosystemById!;
    const res = await api.graphql(SAVE, { ecosystemId, ecosystemInput: { sessionSettings: { sessionInterval: 30 } } }, { token: world.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    const after = (await api.graphql<PageData>(QUERY, { ecosystemId }, { token: world.tokens.admin1 })).data!.getEcosystemById!;
    expect(after.sessionSettings).toEqual({ ...before.sessionSettings, sessionInterval: 30 });
  });
});
