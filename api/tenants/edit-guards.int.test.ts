/**
 * Edits that must write nothing, or less than asked: an archived ecosystem (no profile-id claim
 * either), and platform-only fields sent by an ecosystem admin while the read model lags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

const CREATE = 'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id } }';
const EDIT = 'mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id isDemoEcosystem tutorTerm } }';
const ARCHIVE = 'mutation($id: ID!) { archiveEcosystem(ecosystemId: $id) { id } }';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.loginAs('platformAdmin');
});
afterAll(async () => { await api.stop(); });

describe('ecosystem edit guards', () => {
  it('refuse to edit an archived ecosystem before claiming its new profile id, writing nothing', async () => {
    const created = await api.graphql<{ createEcosystem: { id: string } }>(CREATE, { input: { name: 'Hillside Prep', organizationType: 'PRIVATE_SCHOOL' } }, { token: admin });
    const id = created.data!.createEcosystem.id;
    await api.graphql(ARCHIVE, { id }, { token: admin });
    const before = await api.eventCount();
    const res = await api.graphql(EDIT, { id, input: { profileId: 'hillside-new' } }, { token: admin });
    expect(res.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(await api.eventCount()).toBe(before);
  });

  it('never let an ecosystem admin\'s edit carry platform-only fields, even matching a stale read', async () => {
    const ecoAdmin = await api.loginAs('ecosystemAdmin');
    const id = api.platform.demo!.ecosystemId;
    const res = await api.graphql<{ editEcosystem: { tutorTerm: string } }>(EDIT, { id, input: { isDemoEcosystem: true, tutorTerm: 'Coach' } }, { token: ecoAdmin });
    expect(res.data?.editEcosystem.tutorTerm).toBe('Coach');
    const last = await api.db.ownerPool.query<{ data: { changes: Record<string, unknown> } }>(
      `SELECT data FROM events WHERE type = 'EcosystemEdited' ORDER BY global_position DESC LIMIT 1`);
    expect(last.rows[0].data.changes).toEqual({ tutorTerm: 'Coach' });
  });
});
