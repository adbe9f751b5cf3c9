/**
 * Profile-id claims (stream `ecosystemprofile-<profileId>`). An ecosystem's profile id is its
 * address (the x-ecosystem-profile-id header, getEcosystemProfilePage), so two ecosystems must
 * never share one. Uniqueness needs a read across ecosystems; a read model would lag, so each
 * profile id gets a stream of its own and the event store's optimistic concurrency settles races
 * (the same approach as e-mail reservations, domain/user/email).
 */
import { z } from 'zod';
import type { DomainEvent } from '../../shared/decider';
import type { Upcaster } from '../../shared/events';

const ids = { profileId: z.string().min(1), ecosystemId: z.uuid() };

/**
 * Version 2 (current) records when the claim was made, so that a claim whose ecosystem never came
 * to be can be told from one that is being created right now (docs/decisions/0006).
 */
const claimed = z.object({ ...ids, claimedAt: z.iso.datetime() });
const released = z.object({
  ...ids,
  /** 'abandoned': the holder never got (or no longer has) this profile id, and another ecosystem took it over. */
  reason: z.literal('abandoned').optional(),
});

export const profileClaimEventSchemas = {
  /** Also recorded again by the holder to renew an old claim just before using it. */
  EcosystemProfileIdClaimed: claimed,
  /** The ecosystem moved to another profile id, its creation failed, or its claim was abandoned: the id is free again. */
  EcosystemProfileIdReleased: released,
};

/** Version 1 of EcosystemProfileIdClaimed had no time: the command's time is when it was claimed. */
export const profileClaimUpcasters: Upcaster[] = [{
  type: 'EcosystemProfileIdClaimed',
  fromVersion: 1,
  upcast: (data, metadata) => ({ ...(data as object), claimedAt: metadata.occurredAt }),
}];

export type EcosystemProfileIdClaimed = DomainEvent<'EcosystemProfileIdClaimed', z.output<typeof claimed>>;
export type EcosystemProfileIdReleased = DomainEvent<'EcosystemProfileIdReleased', z.output<typeof released>>;
export type ProfileClaimEvent = EcosystemProfileIdClaimed | EcosystemProfileIdReleased;
