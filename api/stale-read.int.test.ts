/**
 * A mutation answers once the projections it reads have caught up; when they cannot within the
 * bounded wait, it still answers (the events are appended) and says so with STALE_READ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../tests/setup/api';

let api: TestApi;
beforeAll(async () => { api = await startTestApi({ PROJECTION_WAIT_MS: '300' }); });
afterAll(async () => { await api.stop(); });

describe('read-your-writes', () => {
  it('shows the new state in the payload while projections keep up', async () => {
    const token = await api.loginAs('platformAdmin');
    const res = await api.graphql<{ setFeatureFlag: { value: boolean } }>('mutation { setFeatureFlag(name: "messaging", value: false) { value } }', {}, { token });
    expect(res.data?.setFeatureFlag.value).toBe(false);
    expect(res.extensions?.warnings).toBeUndefined();
  });

  it('warns STALE_READ when the projections did not catch up in time, and loses nothing', async () => {
    const token = await api.loginAs('platformAdmin');
    await api.platform.services.projections.stop();
    const before = await api.eventCount();
    const res = await api.graphql('mutation C($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id } }',
      { input: { name: 'Lakeside Charter', organizationType: 'PRIVATE_SCHOOL' } }, { token });
    expect(res.extensions?.warnings).toEqual(['STALE_READ']);
    expect(await api.eventCount()).toBeGreaterThan(before);
  });
});
