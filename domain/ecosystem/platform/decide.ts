/** Changing the platform-wide defaults for new ecosystems. */
import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../../shared/errors';
import { zodMessage as zm, type Message } from '../../shared/i18n';
import { commonMessages } from '../../shared/messages';
import { ecosystemConfigSchema, IDENTITY_KEYS } from '../config';
import { fieldLabels as L } from '../labels';
import { ecosystemMessages as m } from '../messages';
import { diff, isEmptyPatch, isPlainObject, mergePatch } from '../patch';
import { validate } from '../validation';
import type { PlatformConfigEvent } from './events';
import { defaultsOf, type PlatformConfigState } from './state';

export const updatePlatformEcosystemConfigInput = z.object({
  changes: z.custom<Record<string, unknown>>(isPlainObject, { error: zm(commonMessages.changesNotObject) }),
});
export type UpdatePlatformEcosystemConfigInput = z.infer<typeof updatePlatformEcosystemConfigInput>;

export type PlatformConfigCommand = { type: 'UpdatePlatformEcosystemConfig'; data: UpdatePlatformEcosystemConfigInput };

const IDENTITY_LABELS: Record<string, Message> = {
  name: L.name, shortName: L.shortName, type: L.ecosystemType, organizationType: L.organisationType,
  profileId: L.profileId, city: L.city, state: L.state, isDemoEcosystem: L.demoEcosystem,
};

/** Identity fields describe one tenant; a default for them would be a mistake, so say so per field. */
function rejectIdentityFields(changes: Record<string, unknown>): void {
  const fields: FieldErrors = {};
  for (const key of IDENTITY_KEYS) {
    if (changes[key] !== undefined) fields[key] = m.identityNotDefault({ label: IDENTITY_LABELS[key] ?? key });
  }
  if (Object.keys(fields).length > 0) throw ValidationError.forFields(fields);
}

export function updatePlatformEcosystemConfig(input: UpdatePlatformEcosystemConfigInput, state: PlatformConfigState): PlatformConfigEvent[] {
  rejectIdentityFields(input.changes);
  const current = defaultsOf(state);
  const defaults = validate(ecosystemConfigSchema, mergePatch(current, input.changes));
  const changes = diff(current, defaults);
  if (isEmptyPatch(changes)) return [];
  return [{ type: 'PlatformEcosystemConfigUpdated', data: { defaults, changes } }];
}

export function decide(command: PlatformConfigCommand, state: PlatformConfigState): PlatformConfigEvent[] {
  switch (command.type) {
    case 'UpdatePlatformEcosystemConfig':
      return updatePlatformEcosystemConfig(command.data, state);
    default: {
      const exhaustive: never = command.type;
      return exhaustive;
    }
  }
}
