/** Whether the platform still uses the built-in defaults or admins have customised them. */
import type { Aggregate } from '../../shared/decider';
import { DEFAULT_ECOSYSTEM_CONFIG, type EcosystemConfig } from '../config';
import { platformConfigEventSchemas, type PlatformConfigEvent } from './events';

export type PlatformConfigState =
  | { status: 'builtIn' }
  | { status: 'customised'; defaults: EcosystemConfig };

export function evolvePlatformConfig(_state: PlatformConfigState, event: PlatformConfigEvent): PlatformConfigState {
  switch (event.type) {
    case 'PlatformEcosystemConfigUpdated':
      return { status: 'customised', defaults: event.data.defaults };
    default: {
      const exhaustive: never = event.type;
      return exhaustive;
    }
  }
}

export function defaultsOf(state: PlatformConfigState): EcosystemConfig {
  return state.status === 'customised' ? state.defaults : DEFAULT_ECOSYSTEM_CONFIG;
}

export const platformConfigAggregate: Aggregate<PlatformConfigState, PlatformConfigEvent> = {
  category: 'platformconfig',
  initialState: { status: 'builtIn' },
  evolve: evolvePlatformConfig,
  eventSchemas: platformConfigEventSchemas,
};
