import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoActions, isJobActive } from './jobState';

describe('demo-data actions of an ecosystem', () => {
  it('offers create while it has none and delete once it has some', () => {
    expect(demoActions({ archived: false, demoDataStatus: 'ABSENT' }, false)).toEqual({ create: true, delete: false });
    expect(demoActions({ archived: false, demoDataStatus: 'PRESENT' }, false)).toEqual({ create: false, delete: true });
  });

  it('offers neither on an archived ecosystem, whatever its demo data', () => {
    expect(demoActions({ archived: true, demoDataStatus: 'ABSENT' }, false)).toEqual({ create: false, delete: false });
    expect(demoActions({ archived: true, demoDataStatus: 'PRESENT' }, false)).toEqual({ create: false, delete: false });
  });

  it('offers an action only on an active ecosystem with no job running, never both', () => {
    const status = fc.constantFrom('ABSENT', 'CREATING', 'PRESENT', 'DELETING');
    fc.assert(fc.property(fc.boolean(), status, fc.boolean(), (archived, demoDataStatus, jobRunning) => {
      const offered = demoActions({ archived, demoDataStatus }, jobRunning);
      if (offered.create || offered.delete) expect(archived || jobRunning).toBe(false);
      expect(offered.create && offered.delete).toBe(false);
      expect(offered.create).toBe(!archived && !jobRunning && demoDataStatus === 'ABSENT');
      expect(offered.delete).toBe(!archived && !jobRunning && demoDataStatus === 'PRESENT');
    }));
  });
});

describe('an active job', () => {
  it('goes by its state, and by the server for a state this client does not know', () => {
    expect(isJobActive({ state: 'PROCESSING', isActive: false })).toBe(true);
    expect(isJobActive({ state: 'FINISHED', isActive: true })).toBe(false);
    expect(isJobActive({ state: 'PAUSED', isActive: true })).toBe(true);
  });
});
