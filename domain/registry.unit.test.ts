import { describe, expect, it } from 'vitest';
import { aggregates, allEventSchemas } from './registry';

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
});
