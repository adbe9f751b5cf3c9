/**
 * The ecosystem command handlers the command bus runs (api/tenants sequences them):
 *
 * - createEcosystem: claimEcosystemProfileId first, then createEcosystem; release the claim if
 *   creation fails. editEcosystem that changes the profile id: claim the new one, edit, release
 *   the old one.
 * - archiveEcosystem / unarchiveEcosystem; migrateEcosystemToProgram, then program's
 *   createProgram with programDetailsFromEcosystem (domain/program/fromEcosystem.ts).
 * - updatePlatformEcosystemConfig: the singleton platform defaults (platform/events.ts).
 */
import type { CommandHandler } from '../shared/decider';
import {
  createEcosystemInput, ecosystemIdInput, editEcosystemInput, migrateEcosystemToProgramInput,
  type CreateEcosystemInput, type EcosystemIdInput, type EditEcosystemInput, type MigrateEcosystemToProgramInput,
} from './commands';
import { decide } from './decide';
import type { EcosystemEvent } from './events';
import { decide as decidePlatform, updatePlatformEcosystemConfigInput, type UpdatePlatformEcosystemConfigInput } from './platform/decide';
import { PLATFORM_CONFIG_ID, type PlatformConfigEvent } from './platform/events';
import { platformConfigAggregate, type PlatformConfigState } from './platform/state';
import { decide as decideClaim, profileClaimInput, type ProfileClaimInput } from './profile/decide';
import type { ProfileClaimEvent } from './profile/events';
import { profileClaimAggregate, type ProfileClaimState } from './profile/state';
import { ecosystemAggregate, type EcosystemState } from './state';

type EcosystemHandler<Input> = CommandHandler<Input, EcosystemState, EcosystemEvent>;

function ecosystemHandler<Input extends { ecosystemId: string }>(
  type: string,
  input: EcosystemHandler<Input>['input'],
  decideFn: (data: Input, state: EcosystemState) => EcosystemEvent[],
): EcosystemHandler<Input> {
  return {
    type,
    input,
    aggregate: ecosystemAggregate,
    aggregateId: (i) => i.ecosystemId,
    // An ecosystem is its own tenant.
    ecosystemId: (i) => i.ecosystemId,
    decide: (data, state) => decideFn(data, state),
  };
}

export const createEcosystem = ecosystemHandler<CreateEcosystemInput>('CreateEcosystem', createEcosystemInput,
  (data, state) => decide({ type: 'CreateEcosystem', data }, state));

export const editEcosystem = ecosystemHandler<EditEcosystemInput>('EditEcosystem', editEcosystemInput,
  (data, state) => decide({ type: 'EditEcosystem', data }, state));

export const archiveEcosystem = ecosystemHandler<EcosystemIdInput>('ArchiveEcosystem', ecosystemIdInput,
  (data, state) => decide({ type: 'ArchiveEcosystem', data }, state));

export const unarchiveEcosystem = ecosystemHandler<EcosystemIdInput>('UnarchiveEcosystem', ecosystemIdInput,
  (data, state) => decide({ type: 'UnarchiveEcosystem', data }, state));

export const migrateEcosystemToProgram = ecosystemHandler<MigrateEcosystemToProgramInput>('MigrateEcosystemToProgram',
  migrateEcosystemToProgramInput, (data, state) => decide({ type: 'MigrateEcosystemToProgram', data }, state));

export const updatePlatformEcosystemConfig: CommandHandler<UpdatePlatformEcosystemConfigInput, PlatformConfigState, PlatformConfigEvent> = {
  type: 'UpdatePlatformEcosystemConfig',
  input: updatePlatformEcosystemConfigInput,
  aggregate: platformConfigAggregate,
  aggregateId: () => PLATFORM_CONFIG_ID,
  // Platform-wide: belongs to no tenant.
  ecosystemId: () => null,
  decide: (data, state) => decidePlatform({ type: 'UpdatePlatformEcosystemConfig', data }, state),
};

type ClaimHandler = CommandHandler<ProfileClaimInput, ProfileClaimState, ProfileClaimEvent>;

function claimHandler(type: 'ClaimEcosystemProfileId' | 'ReleaseEcosystemProfileId'): ClaimHandler {
  return {
    type,
    input: profileClaimInput,
    aggregate: profileClaimAggregate,
    aggregateId: (i) => i.profileId,
    ecosystemId: (i) => i.ecosystemId,
    decide: (data, state, ctx) => decideClaim({ type, data }, state, ctx.now),
  };
}

export const claimEcosystemProfileId = claimHandler('ClaimEcosystemProfileId');
export const releaseEcosystemProfileId = claimHandler('ReleaseEcosystemProfileId');
