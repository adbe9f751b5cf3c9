/** Claiming and releasing an ecosystem profile id. Both are idempotent for the same ecosystem. */
import { z } from 'zod';
import { ValidationError } from '../../shared/errors';
import { profileIdSchema } from '../config';
import { ecosystemMessages as m } from '../messages';
import type { ProfileClaimEvent } from './events';
import type { ProfileClaimState } from './state';

export const profileClaimInput = z.object({ profileId: profileIdSchema, ecosystemId: z.uuid() });
export type ProfileClaimInput = z.infer<typeof profileClaimInput>;

export type ProfileClaimCommand =
  | { type: 'ClaimEcosystemProfileId'; data: ProfileClaimInput }
  | { type: 'ReleaseEcosystemProfileId'; data: ProfileClaimInput };

export function claimEcosystemProfileId(input: ProfileClaimInput, state: ProfileClaimState): ProfileClaimEvent[] {
  if (state.status === 'free') return [{ type: 'EcosystemProfileIdClaimed', data: input }];
  // The same ecosystem claiming again is a retried create or edit: nothing to add.
  if (state.ecosystemId === input.ecosystemId) return [];
  throw ValidationError.forField('profileId', m.profileIdTaken({ profileId: input.profileId }));
}

/** Only the holder releases; anyone else's release (a stale retry) changes nothing. */
export function releaseEcosystemProfileId(input: ProfileClaimInput, state: ProfileClaimState): ProfileClaimEvent[] {
  if (state.status === 'claimed' && state.ecosystemId === input.ecosystemId) return [{ type: 'EcosystemProfileIdReleased', data: input }];
  return [];
}

export function decide(command: ProfileClaimCommand, state: ProfileClaimState): ProfileClaimEvent[] {
  switch (command.type) {
    case 'ClaimEcosystemProfileId':
      return claimEcosystemProfileId(command.data, state);
    case 'ReleaseEcosystemProfileId':
      return releaseEcosystemProfileId(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
