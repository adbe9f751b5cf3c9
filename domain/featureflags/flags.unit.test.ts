import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { fold } from '../shared/decider';
import { featureFlagsAggregate, flagDefaults, setFeatureFlag, type FeatureFlagEvent } from './flags';

const ctx = { actor: { userId: 'u1', role: 'PLATFORM_ADMIN' as const }, now: '2026-11-22T10:00:00Z' };
const given = (events: FeatureFlagEvent[]) => fold(featureFlagsAggregate, events);

describe('feature flags', () => {
  it('list nested flags by dotted path with their defaults', () => {
    const defaults = flagDefaults();
    expect(defaults.get('sessions')).toBe(true);
    expect(defaults.get('sessions.breakoutRooms')).toBe(false);
  });

  it('record a change of a nested flag', () => {
    expect(setFeatureFlag.decide({ name: 'sessions.breakoutRooms', value: true }, given([]), ctx))
      .toEqual([{ type: 'FeatureFlagChanged', data: { name: 'sessions.breakoutRooms', value: true } }]);
  });

  it('record nothing when the flag already has the value', () => {
    const state = given([{ type: 'FeatureFlagChanged', data: { name: 'messaging', value: false } }]);
    expect(setFeatureFlag.decide({ name: 'messaging', value: false }, state, ctx)).toEqual([]);
  });

  it('reject an unknown flag with a field message', () => {
    expect(() => setFeatureFlag.decide({ name: 'nope', value: true }, given([]), ctx)).toThrow(ValidationError);
  });
});
