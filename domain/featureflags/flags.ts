/**
 * Platform feature flags: a fixed catalogue of named switches, some nested inside another
 * (`sessions.recurring`). Changing one is an event on the singleton stream `featureflags-platform`;
 * clients learn of changes over the server-sent event stream (spec section 7).
 */
import { z } from 'zod';
import type { Aggregate, CommandHandler, DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/errors';
import { zodMessage as zm } from '../shared/i18n';
import { featureFlagMessages } from './messages';

export interface FlagDefinition {
  name: string;
  description: string;
  defaultValue: boolean;
  nested?: FlagDefinition[];
}

export const FLAG_CATALOGUE: FlagDefinition[] = [
  {
    name: 'sessions', description: 'Sessions area', defaultValue: true,
    nested: [
      { name: 'recurring', description: 'Recurring sessions', defaultValue: true },
      { name: 'breakoutRooms', description: 'Breakout rooms', defaultValue: false },
    ],
  },
  { name: 'messaging', description: 'Messaging inbox', defaultValue: true },
  { name: 'demoData', description: 'Demo data tools in the internal admin panel', defaultValue: true },
  { name: 'analyticsDashboard', description: 'Analytics dashboards', defaultValue: false },
];

/** Every flag path in the catalogue with its default (`sessions`, `sessions.recurring`, ...). */
export function flagDefaults(defs = FLAG_CATALOGUE, prefix = ''): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const d of defs) {
    const path = prefix ? `${prefix}.${d.name}` : d.name;
    out.set(path, d.defaultValue);
    for (const [k, v] of flagDefaults(d.nested ?? [], path)) out.set(k, v);
  }
  return out;
}

export const FEATURE_FLAGS_ID = 'platform';

export const featureFlagChanged = z.object({ name: z.string().min(1), value: z.boolean() });
export type FeatureFlagEvent = DomainEvent<'FeatureFlagChanged', z.infer<typeof featureFlagChanged>>;
export type FeatureFlagState = ReadonlyMap<string, boolean>;

export const featureFlagsAggregate: Aggregate<FeatureFlagState, FeatureFlagEvent> = {
  category: 'featureflags',
  initialState: flagDefaults(),
  evolve: (state, event) => new Map(state).set(event.data.name, event.data.value),
  eventSchemas: { FeatureFlagChanged: featureFlagChanged },
};

const setFeatureFlagInput = z.object({ name: z.string().trim().min(1, { error: zm(featureFlagMessages.nameRequired) }), value: z.boolean() });

export const setFeatureFlag: CommandHandler<z.infer<typeof setFeatureFlagInput>, FeatureFlagState, FeatureFlagEvent> = {
  type: 'SetFeatureFlag',
  input: setFeatureFlagInput,
  aggregate: featureFlagsAggregate,
  aggregateId: () => FEATURE_FLAGS_ID,
  ecosystemId: () => null,
  decide(input, state) {
    if (!state.has(input.name)) throw new ValidationError(featureFlagMessages.unknown, { name: featureFlagMessages.noSuchFlag({ name: input.name }) });
    return state.get(input.name) === input.value ? [] : [{ type: 'FeatureFlagChanged', data: { name: input.name, value: input.value } }];
  },
};
