import { describe, expect, it } from 'vitest';
import { aggregates, allEventSchemas, domainEventTypes } from './registry';

describe('aggregate registry', () => {
  it('gives every aggregate its own stream category without dashes', () => {
    const categories = aggregates.map((a) => a.category);
    expect(new Set(categories).size).toBe(categories.length);
    for (const c of categories) expect(c).toMatch(/^[a-z]+$/);
  });

  it('has one schema per event type across all aggregates', () => {
    const schemas = allEventSchemas();
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['EcosystemCreated', 'ProgramCreated', 'UserRegistered', 'FeatureFlagChanged']));
  });

  it('has upcasters only for known event types, each version once from 1', () => {
    const { schemas, upcasters } = domainEventTypes();
    const byType = new Map<string, number[]>();
    for (const u of upcasters) byType.set(u.type, [...(byType.get(u.type) ?? []), u.fromVersion]);
    for (const [type, versions] of byType) {
      expect(schemas[type]).toBeDefined();
      expect([...versions].sort((a, b) => a - b)).toEqual(versions.map((_, i) => i + 1));
    }
    expect(byType.get('EcosystemProfileIdClaimed')).toEqual([1]);
  });
});
