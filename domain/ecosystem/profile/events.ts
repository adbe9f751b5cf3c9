/**
 * Profile-id claims (stream `ecosystemprofile-<profileId>`). An ecosystem's profile id is its
 * address (the x-ecosystem-profile-id header, getEcosystemProfilePage), so two ecosystems must
 * never share one. Uniqueness needs a read across ecosystems; a read model would lag, so each
 * profile id gets a stream of its own and the event store's optimistic concurrency settles races
 * (the same approach as e-mail reservations, domain/user/email).
 */
import { z } from 'zod';
import type { DomainEvent } from '../../shared/decider';

const data = z.object({ profileId: z.string().min(1), ecosystemId: z.uuid() });

export const profileClaimEventSchemas = {
  EcosystemProfileIdClaimed: data,
  /** The ecosystem moved to another profile id (or its creation failed): the id is free again. */
  EcosystemProfileIdReleased: data,
};

export type EcosystemProfileIdClaimed = DomainEvent<'EcosystemProfileIdClaimed', z.output<typeof data>>;
export type EcosystemProfileIdReleased = DomainEvent<'EcosystemProfileIdReleased', z.output<typeof data>>;
export type ProfileClaimEvent = EcosystemProfileIdClaimed | EcosystemProfileIdReleased;
