import { describe, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { given } from '../given';
import { claimEcosystemProfileId, releaseEcosystemProfileId } from '../handlers';
import type { ProfileClaimEvent } from './events';

const ecosystemId = '3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f';
const otherId = '4a2e3d5c-6b7a-4f9e-8d1c-2b3a4c5d6e7f';
const claim = { profileId: 'springfield', ecosystemId };
const claimed: ProfileClaimEvent = { type: 'EcosystemProfileIdClaimed', data: claim };
const released: ProfileClaimEvent = { type: 'EcosystemProfileIdReleased', data: claim };

describe('Profile id: free', () => {
  it('ClaimEcosystemProfileId claims it', () => {
    given(claimEcosystemProfileId, []).when(claim).then([claimed]);
    given(claimEcosystemProfileId, [claimed, released]).when({ profileId: 'springfield', ecosystemId: otherId })
      .then([{ type: 'EcosystemProfileIdClaimed', data: { profileId: 'springfield', ecosystemId: otherId } }]);
  });

  it('ReleaseEcosystemProfileId changes nothing', () => {
    given(releaseEcosystemProfileId, []).when(claim).then([]);
  });
});

describe('Profile id: claimed', () => {
  it('ClaimEcosystemProfileId by another ecosystem fails on the profile id field', () => {
    given(claimEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId })
      .thenRejects({ profileId: 'The profile id "springfield" is already used by another ecosystem.' });
    given(claimEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId }).thenThrows(ValidationError);
  });

  it('ClaimEcosystemProfileId by the holder again (a retry) changes nothing', () => {
    given(claimEcosystemProfileId, [claimed]).when(claim).then([]);
  });

  it('ReleaseEcosystemProfileId frees it for its holder only', () => {
    given(releaseEcosystemProfileId, [claimed]).when(claim).then([released]);
    given(releaseEcosystemProfileId, [claimed]).when({ profileId: 'springfield', ecosystemId: otherId }).then([]);
  });
});
