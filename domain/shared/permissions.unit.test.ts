import { describe, expect, it } from 'vitest';
import { can, type Principal } from './permissions';

const E1 = 'e1';
const E2 = 'e2';
const platformAdmin: Principal = { userId: 'p', platformAdmin: true, roles: [] };
const ecosystemAdmin: Principal = { userId: 'a', platformAdmin: false, roles: [{ ecosystemId: E1, role: 'SUPER_ADMIN', programId: null }] };
const programAdmin: Principal = { userId: 'pa', platformAdmin: false, roles: [{ ecosystemId: E1, role: 'PROGRAM_ADMIN', programId: 'p1' }] };
const tutor: Principal = { userId: 't', platformAdmin: false, roles: [{ ecosystemId: E1, role: 'LEADER', programId: 'p1' }] };

describe('permissions', () => {
  it('let only platform admins create, archive, migrate ecosystems and manage demo data', () => {
    for (const action of [{ type: 'ecosystem.create' }, { type: 'ecosystem.archive', ecosystemId: E1 }, { type: 'ecosystem.migrate', ecosystemId: E1 }, { type: 'ecosystem.demoData', ecosystemId: E1 }] as const) {
      expect(can(platformAdmin, action)).toBe(true);
      expect(can(ecosystemAdmin, action)).toBe(false);
      expect(can(tutor, action)).toBe(false);
    }
  });

  it('let ecosystem admins create and edit programs of their own ecosystem only', () => {
    expect(can(ecosystemAdmin, { type: 'program.create', ecosystemId: E1 })).toBe(true);
    expect(can(ecosystemAdmin, { type: 'program.create', ecosystemId: E2 })).toBe(false);
    expect(can(ecosystemAdmin, { type: 'program.edit', ecosystemId: E1, programId: 'p9' })).toBe(true);
    expect(can(tutor, { type: 'program.create', ecosystemId: E1 })).toBe(false);
  });

  it('let program admins edit their own program but not create programs', () => {
    expect(can(programAdmin, { type: 'program.edit', ecosystemId: E1, programId: 'p1' })).toBe(true);
    expect(can(programAdmin, { type: 'program.edit', ecosystemId: E1, programId: 'p2' })).toBe(false);
    expect(can(programAdmin, { type: 'program.create', ecosystemId: E1 })).toBe(false);
  });

  it('let members read their ecosystem and nobody else read it', () => {
    expect(can(tutor, { type: 'ecosystem.read', ecosystemId: E1 })).toBe(true);
    expect(can(tutor, { type: 'ecosystem.read', ecosystemId: E2 })).toBe(false);
    expect(can(tutor, { type: 'ecosystem.audit', ecosystemId: E1 })).toBe(false);
  });
});
