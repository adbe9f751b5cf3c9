import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterFromParams, isFiltered, NO_FILTER, paramsFromFilter, serverFilter, type TrailFilter } from './filters';

const USER = '22222222-2222-4222-8222-222222222222';

describe('trail filters in the URL', () => {
  it('read back what they wrote, so a shared address shows the same view', () => {
    const filter: TrailFilter = { actor: USER, action: 'ProgramEdited', targetType: 'program', target: USER, from: '2026-11-01', to: '2026-11-30' };
    const params = new URLSearchParams(paramsFromFilter(filter));
    expect(params.toString()).toBe(`actor=${USER}&action=ProgramEdited&targetType=program&target=${USER}&from=2026-11-01&to=2026-11-30`);
    expect(filterFromParams(params)).toEqual(filter);
    expect(paramsFromFilter(NO_FILTER)).toEqual({});
    expect(isFiltered(NO_FILTER)).toBe(false);
  });

  it('ignore malformed parameters instead of failing the page', () => {
    expect(filterFromParams(new URLSearchParams('action=drop table&targetType=Program!&from=2026-02-31&to=yesterday&actor='))).toEqual(NO_FILTER);
    expect(filterFromParams(new URLSearchParams('from=2026-11-30&to=2026-11-01'))).toEqual({ ...NO_FILTER, from: '2026-11-30' });
  });

  it('never let a parameter through that the server would refuse', () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom('actor', 'action', 'targetType', 'target', 'from', 'to', 'x'), fc.string()), (raw) => {
      const f = filterFromParams(new URLSearchParams(raw));
      if (f.action) expect(f.action).toMatch(/^[A-Z][A-Za-z0-9]{0,99}$/);
      if (f.targetType) expect(f.targetType).toMatch(/^[a-z][a-z0-9_]{0,49}$/);
      if (f.from && f.to) expect(f.from <= f.to).toBe(true);
    }));
  });

  it('turn days into instants in the viewer\'s zone, the end day included whole', () => {
    const server = serverFilter({ ...NO_FILTER, from: '2026-11-01', to: '2026-11-01', action: 'ProgramEdited' }, 'America/New_York');
    expect(server).toEqual({
      actorUserIds: null, eventTypes: ['ProgramEdited'], targetType: null, targetId: null,
      from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z',
    });
  });
});
