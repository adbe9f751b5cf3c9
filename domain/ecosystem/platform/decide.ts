/** Changing the platform-wide defaults for new ecosystems. */
import { z } from 'zod';
import { ValidationError } from '../../shared/errors';
import { ecosystemConfigSchema, IDENTITY_KEYS } from '../config';
import { ecosystemMessages as m } from '../messages';
import { diff, isEmptyPatch, isPlainObject, mergePatch } from '../patch';
import { validate, CHECK_FIELDS } from '../validation';
import type { PlatformConfigEvent } from './events';
import { defaultsOf, type PlatformConfigState } from './state';

export const updatePlatformEcosystemConfigInput = z.object({
  changes: z.custom<Record<string, unknown>>(isPlainObject, { error: m.changesNotObject }),
});
export type UpdatePlatformEcosystemConfigInput = z.infer<typeof updatePlatformEcosystemConfigInput>;

export type PlatformConfigCommand = { type: 'UpdatePlatformEcosystemConfig'; data: UpdatePlatformEcosystemConfigInput };

const IDENTITY_LABELS: Record<string, string> = {
  name: 'Name', shortName: 'Short name', type: 'Ecosystem type', organizationType: 'Organisation type',
  profileId: 'Profile id', city: 'City', state: 'State', isDemoEcosystem: 'Demo ecosystem',
};

/** Identity fields describe one tenant; a default for them would be a mistake, so say so per field. */
function rejectIdentityFields(changes: Record<string, unknown>): void {
  const fields: Record<string, string> = {};
  for (const key of IDENTITY_KEYS) {
    if (changes[key] !== undefined) fields[key] = m.identityNotDefault(IDENTITY_LABELS[key] ?? key);
  }
  const messages = Object.values(fields);
  if (messages.length > 0) throw new ValidationError(messages.length === 1 ? messages[0] : CHECK_FIELDS, fields);
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
