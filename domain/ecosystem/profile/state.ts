/** Whether a profile id is free or held by one ecosystem, and since when. */
import type { Aggregate } from '../../shared/decider';
import { profileClaimEventSchemas, type ProfileClaimEvent } from './events';

export type ProfileClaimState =
  | { status: 'free' }
  | { status: 'claimed'; ecosystemId: string; claimedAt: string };

export function evolveProfileClaim(_state: ProfileClaimState, event: ProfileClaimEvent): ProfileClaimState {
  switch (event.type) {
    case 'EcosystemProfileIdClaimed':
      return { status: 'claimed', ecosystemId: event.data.ecosystemId, claimedAt: event.data.claimedAt };
    case 'EcosystemProfileIdReleased':
      return { status: 'free' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** `ecosystemprofile`, one word: the stream category ends at the first dash. */
export const profileClaimAggregate: Aggregate<ProfileClaimState, ProfileClaimEvent> = {
  category: 'ecosystemprofile',
  initialState: { status: 'free' },
  evolve: evolveProfileClaim,
  eventSchemas: profileClaimEventSchemas,
};
