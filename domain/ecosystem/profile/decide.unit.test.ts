import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { NOW, given } from '../given';
import { claimEcosystemProfileId, releaseEcosystemProfileId } from '../handlers';
import { ABANDONED_AFTER_MS, RENEW_AFTER_MS } from './decide';
import type { ProfileClaimEvent } from './events';
import { profileClaimUpcasters } from './events';

const ecosystemId = '3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f';
const otherId = '4a2e3d5c-6b7a-4f9e-8d1c-2b3a4c5d6e7f';
const claim = { profileId: 'springfield', ecosystemId };
const before = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const claimedAt = (at: string, by = ecosystemId): ProfileClaimEvent => ({ type: 'EcosystemProfileIdClaimed', data: { profileId: 'springfield', ecosystemId: by, claimedAt: at } });
const claimed = claimedAt(before(1000));
const released: ProfileClaimEvent = { type: 'EcosystemProfileIdReleased', data: claim };
const taken = { profileId: 'The profile id "springfield" is already used by another ecosystem.' };

describe('Profile id: free', () => {
  it('ClaimEcosystemProfileId claims it, recording when', () => {
    given(claimEcosystemProfileId, []).when(claim).then([claimedAt(NOW)]);
    given(claimEcosystemProfileId, [claimed, released]).when({ profileId: 'springfield', ecosystemId: otherId }).then([claimedAt(NOW, otherId)]);
  });

  it('ReleaseEcosystemProfileId changes nothing', () => {
    given(releaseEcosystemProfileId, []).when(claim).then([]);
  });
});

describe('Profile id: claimed', () => {
  it('ClaimEcosystemProfileId by another ecosystem fails on the profile id field', () => {
    given(claimEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId }).thenRejects(taken);
    given(claimEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId }).thenThrows(ValidationError);
  });

  it('ClaimEcosystemProfileId by the holder again (a retry) changes nothing, unless the claim is old: then it is renewed', () => {
    given(claimEcosystemProfileId, [claimed]).when(claim).then([]);
    given(claimEcosystemProfileId, [claimedAt(before(RENEW_AFTER_MS))]).when(claim).then([]);
    given(claimEcosystemProfileId, [claimedAt(before(RENEW_AFTER_MS + 1))]).when(claim).then([claimedAt(NOW)]);
  });

  it('ReleaseEcosystemProfileId frees it for its holder only', () => {
    given(releaseEcosystemProfileId, [claimed]).when(claim).then([released]);
    given(releaseEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId }).then([]);
  });
});

describe('Profile id: claimed but abandoned (the holder never got it)', () => {
  const takeOver = { profileId: 'springfield', ecosystemId: otherId, abandonedBy: ecosystemId };

  it('is taken over once the claim is old enough, releasing the holder\'s claim first', () => {
    given(claimEcosystemProfileId, [claimedAt(before(ABANDONED_AFTER_MS))]).when(takeOver).then([
      { type: 'EcosystemProfileIdReleased', data: { profileId: 'springfield', ecosystemId, reason: 'abandoned' } },
      claimedAt(NOW, otherId),
    ]);
  });

  it('is not taken over while it may still be in use, nor when another holder is named', () => {
    given(claimEcosystemProfileId, [claimedAt(before(ABANDONED_AFTER_MS - 1))]).when(takeOver).thenRejects(taken);
    given(claimEcosystemProfileId, [claimedAt(before(ABANDONED_AFTER_MS))]).when({ ...takeOver, abandonedBy: otherId }).thenRejects(taken);
  });
});

describe('Profile id claims of schema version 1', () => {
  it('are upcast with the time of the command that made them', () => {
    const [upcaster] = profileClaimUpcasters;
    const metadata = { occurredAt: '2025-01-02T03:04:05.000Z' } as Parameters<typeof upcaster.upcast>[1];
    expect(upcaster.upcast({ profileId: 'springfield', ecosystemId }, metadata)).toEqual({ profileId: 'springfield', ecosystemId, claimedAt: '2025-01-02T03:04:05.000Z' });
  });
});
