/**
 * Profile-id claims whose ecosystem never got the id (decision 0006): a crash between claiming and
 * creating (or between editing and releasing) leaves a claim that a later createEcosystem with the
 * same profile id takes over, once it is old enough that it cannot be in use, and only if its holder
 * does not have the profile id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimEcosystemProfileId, editEcosystem } from '../../domain/ecosystem/handlers';
import { ABANDONED_AFTER_MS } from '../../domain/ecosystem/profile/decide';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { ECOSYSTEM, codeOf, fieldsOf, type EcosystemData } from './testing';

let api: TestApi;
let token: string;
let realClock: () => Date;

const CREATE_ECOSYSTEM = `mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { ${ECOSYSTEM} } }`;
const create = (name: string, profileId: string, key?: string) => api.graphql<{ createEcosystem: EcosystemData }>(
  CREATE_ECOSYSTEM, { input: { name, profileId, organizationType: 'PRIVATE_SCHOOL' } }, { token, headers: key ? { 'idempotency-key': key } : {} });
const actor = { userId: '00000000-0000-4000-8000-000000000001', role: 'PLATFORM_ADMIN' as const };
const claimsOf = async (profileId: string) =>
  (await api.platform.services.eventStore.readStream(`ecosystemprofile-${profileId}`)).map((e) => [e.type, (e.data as { ecosystemId: string }).ecosystemId, (e.data as { reason?: string }).reason]);
/** Later by `ms`: what the platform's clock says from now on. */
const advance = (ms: number) => { const base = api.platform.services.clock; api.platform.services.clock = () => new Date(base().getTime() + ms); };

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
  realClock = api.platform.services.clock;
});
afterEach(() => { api.platform.services.clock = realClock; });
afterAll(async () => { await api?.stop(); });

/** What a crash right after the claim leaves: a claim by an ecosystem that never came to be. */
async function strandedClaim(profileId: string): Promise<string> {
  const ecosystemId = crypto.randomUUID();
  await api.platform.services.bus.dispatch(claimEcosystemProfileId, { profileId, ecosystemId }, { actor, commandId: crypto.randomUUID() });
  return ecosystemId;
}

describe('a claimed profile id whose ecosystem was never created', () => {
  it('stays taken while the claim may still be in use, then is taken over by the next createEcosystem', async () => {
    const stranded = await strandedClaim('stranded-academy');
    const early = await create('Stranded Academy', 'stranded-academy');
    expect(codeOf(early)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(early)).toEqual({ 'ecosystemInput.profileId': 'The profile id "stranded-academy" is already used by another ecosystem.' });

    advance(ABANDONED_AFTER_MS + 1000);
    const later = await create('Stranded Academy', 'stranded-academy');
    expect(later.errors).toBeUndefined();
    expect(later.data!.createEcosystem.profileId).toBe('stranded-academy');
    expect(await claimsOf('stranded-academy')).toEqual([
      ['EcosystemProfileIdClaimed', stranded, undefined],
      ['EcosystemProfileIdReleased', stranded, 'abandoned'],
      ['EcosystemProfileIdClaimed', later.data!.createEcosystem.rawId, undefined],
    ]);
  });

  it('is released too when its holder moved to another profile id and the release was lost', async () => {
    const holder = await create('Moving Academy', 'moving-academy');
    const holderId = holder.data!.createEcosystem.rawId;
    // The edit landed, the release of the old id did not (a crash between them).
    await api.platform.services.bus.dispatch(editEcosystem, { ecosystemId: holderId, changes: { profileId: 'moved-academy' } }, { actor, commandId: crypto.randomUUID() });
    advance(ABANDONED_AFTER_MS + 1000);
    const taker = await create('Taker Academy', 'moving-academy');
    expect(taker.errors).toBeUndefined();
    expect((await claimsOf('moving-academy')).map(([type, , reason]) => [type, reason])).toEqual([
      ['EcosystemProfileIdClaimed', undefined], ['EcosystemProfileIdReleased', 'abandoned'], ['EcosystemProfileIdClaimed', undefined],
    ]);
  });

  it('is never taken from an ecosystem that has it, however old the claim', async () => {
    expect((await create('Holder Academy', 'holder-academy')).errors).toBeUndefined();
    advance(10 * ABANDONED_AFTER_MS);
    const res = await create('Usurper Academy', 'holder-academy');
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(await claimsOf('holder-academy')).toHaveLength(1);
  });

  it('a repeated request renews its own old claim instead of leaving it to be taken', async () => {
    const key = crypto.randomUUID();
    const first = await create('Renewing Academy', 'renewing-academy', key);
    advance(ABANDONED_AFTER_MS / 2);
    const again = await create('Renewing Academy', 'renewing-academy', key);
    expect(again.data).toEqual(first.data);
    expect((await claimsOf('renewing-academy')).map(([type]) => type)).toEqual(['EcosystemProfileIdClaimed', 'EcosystemProfileIdClaimed']);
  });
});
