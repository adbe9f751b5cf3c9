/**
 * Claiming and releasing an ecosystem profile id. Both are idempotent for the same ecosystem.
 *
 * A claim is made just before the ecosystem records the profile id (creating it, or moving it), so
 * a crash between the two leaves a claim nobody uses. Such a claim is abandoned once it is older
 * than ABANDONED_AFTER_MS and its holder does not have the profile id: the API checks the holder
 * (the domain reads one stream only) and names it in `abandonedBy`; this decider checks the age.
 * A holder renews its claim (a fresh claimedAt) when it uses one older than RENEW_AFTER_MS, so a
 * claim in use is never old enough to be taken (docs/decisions/0006).
 */
import { z } from 'zod';
import { ValidationError } from '../../shared/errors';
import { profileIdSchema } from '../config';
import { ecosystemMessages as m } from '../messages';
import type { ProfileClaimEvent } from './events';
import type { ProfileClaimState } from './state';

export const ABANDONED_AFTER_MS = 15 * 60_000;
export const RENEW_AFTER_MS = 5 * 60_000;

export const profileClaimInput = z.object({
  profileId: profileIdSchema,
  ecosystemId: z.uuid(),
  /** The holder the caller found not to have this profile id: take its claim over if it is abandoned. */
  abandonedBy: z.uuid().optional(),
});
export type ProfileClaimInput = z.infer<typeof profileClaimInput>;

export type ProfileClaimCommand =
  | { type: 'ClaimEcosystemProfileId'; data: ProfileClaimInput }
  | { type: 'ReleaseEcosystemProfileId'; data: ProfileClaimInput };

const age = (since: string, now: string) => Date.parse(now) - Date.parse(since);

export function isAbandonable(state: ProfileClaimState, now: string): state is Extract<ProfileClaimState, { status: 'claimed' }> {
  return state.status === 'claimed' && age(state.claimedAt, now) >= ABANDONED_AFTER_MS;
}

export function claimEcosystemProfileId(input: ProfileClaimInput, state: ProfileClaimState, now: string): ProfileClaimEvent[] {
  const { profileId, ecosystemId } = input;
  const claim: ProfileClaimEvent = { type: 'EcosystemProfileIdClaimed', data: { profileId, ecosystemId, claimedAt: now } };
  if (state.status === 'free') return [claim];
  // The same ecosystem claiming again is a retried create or edit: renew an old claim, else nothing to add.
  if (state.ecosystemId === ecosystemId) return age(state.claimedAt, now) > RENEW_AFTER_MS ? [claim] : [];
  if (input.abandonedBy === state.ecosystemId && isAbandonable(state, now)) {
    return [{ type: 'EcosystemProfileIdReleased', data: { profileId, ecosystemId: state.ecosystemId, reason: 'abandoned' } }, claim];
  }
  throw ValidationError.forField('profileId', m.profileIdTaken({ profileId }));
}

/** Only the holder releases; anyone else's release (a stale retry) changes nothing. */
export function releaseEcosystemProfileId(input: ProfileClaimInput, state: ProfileClaimState): ProfileClaimEvent[] {
  const { profileId, ecosystemId } = input;
  if (state.status === 'claimed' && state.ecosystemId === ecosystemId) return [{ type: 'EcosystemProfileIdReleased', data: { profileId, ecosystemId } }];
  return [];
}

export function decide(command: ProfileClaimCommand, state: ProfileClaimState, now: string): ProfileClaimEvent[] {
  switch (command.type) {
    case 'ClaimEcosystemProfileId':
      return claimEcosystemProfileId(command.data, state, now);
    case 'ReleaseEcosystemProfileId':
      return releaseEcosystemProfileId(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
