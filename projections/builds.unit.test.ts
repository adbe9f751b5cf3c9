import { describe, expect, it } from 'vitest';
import { planBuilds } from './builds';
import type { Build, BuildStatus } from './checkpoints';
import { buildSchemaName, validateProjections } from './sql';
import type { Projection } from './types';

const code = (version: number, extra: Partial<Projection> = {}): Projection =>
  ({ name: 'items', version, tables: () => '', exposedTables: ['items'], handlers: {}, ...extra });

function build(version: number, status: BuildStatus, generation = 1): Build {
  return {
    schema: buildSchemaName('items', version, generation), name: 'items', version, generation, status, position: null,
    eventsProcessed: 0, exposedTables: ['items'], lastError: null, failure: null, skipped: [], createdAt: new Date(0), updatedAt: new Date(0), servingSince: null,
  };
}

const schemas = (bs: Build[]) => bs.map((b) => b.schema);

describe('planBuilds', () => {
  it('creates the first build when the database has none', () => {
    expect(planBuilds(code(1), [])).toEqual({ run: [], abandon: null, create: true });
  });

  it('follows the serving build of the same version', () => {
    const plan = planBuilds(code(1), [build(1, 'serving')]);
    expect({ ...plan, run: schemas(plan.run) }).toEqual({ run: ['proj_items_v1'], abandon: null, create: false });
  });

  it('creates a build for a raised version and resumes it once it exists', () => {
    expect(planBuilds(code(2), [build(1, 'serving')]).create).toBe(true);
    const plan = planBuilds(code(2), [build(1, 'serving'), build(2, 'building')]);
    expect({ ...plan, run: schemas(plan.run) }).toEqual({ run: ['proj_items_v2'], abandon: null, create: false });
  });

  it('lets older code keep its serving build fresh while a newer version builds, and start nothing', () => {
    const plan = planBuilds(code(1), [build(1, 'serving'), build(2, 'building')]);
    expect({ ...plan, run: schemas(plan.run) }).toEqual({ run: ['proj_items_v1'], abandon: null, create: false });
    expect(planBuilds(code(1), [build(1, 'retired'), build(2, 'serving')])).toEqual({ run: [], abandon: null, create: false });
  });

  it('abandons an older unfinished build for the raised version', () => {
    const stale = build(2, 'building');
    expect(planBuilds(code(3), [build(1, 'serving'), stale])).toEqual({ run: [], abandon: stale, create: true });
  });

  it('follows both builds of one version during an operator rebuild, and rebuilds a version whose builds were all retired', () => {
    expect(schemas(planBuilds(code(1), [build(1, 'serving'), build(1, 'building', 2)]).run)).toEqual(['proj_items_v1', 'proj_items_v1_r2']);
    expect(planBuilds(code(1), [build(1, 'retired')]).create).toBe(true);
  });
});

describe('validateProjections', () => {
  it('rejects names unsafe in DDL, duplicate names and two owners of one read view', () => {
    expect(() => validateProjections([code(1, { name: 'Items; DROP' })])).toThrow(/must match/);
    expect(() => validateProjections([code(0)])).toThrow(/version/);
    expect(() => validateProjections([code(1), code(2)])).toThrow(/registered twice/);
    expect(() => validateProjections([code(1), code(1, { name: 'other' })])).toThrow(/read.items is exposed by both/);
    expect(() => validateProjections([code(1, { exposedTables: ['Bad-Name'] })])).toThrow(/table name/);
  });
});
