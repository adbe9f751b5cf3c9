import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ECOSYSTEM_ROLES } from './adminForms';
import {
  PROGRAM_ROLES, choiceChanges, firstChoice, grantable, heldProgramRoles, mayChoose, switchKind, switchProgram, type RoleChoice, type ViewerRoles,
} from './roleChoices';

const E1 = 'RWNvc3lzdGVtOjE=';
const E2 = 'RWNvc3lzdGVtOjI=';
const PROGRAMS = [{ id: 'p1', name: 'Reading' }, { id: 'p2', name: 'Maths' }, { id: 'p3', name: 'Art' }];
const none: ViewerRoles = { platformAdmin: false, ecosystemRoles: [], programRoles: [] };
const ecosystemAdmin: ViewerRoles = { ...none, ecosystemRoles: [{ ecosystemId: E1, role: 'SUPER_ADMIN' }] };
const programAdmin: ViewerRoles = {
  ...none,
  ecosystemRoles: [{ ecosystemId: E1, role: 'MEMBER' }],
  programRoles: [{ ecosystemId: E1, programId: 'p2', role: 'PROGRAM_ADMIN' }, { ecosystemId: E1, programId: 'p3', role: 'LEADER' }],
};

describe('the roles a dialog offers', () => {
  it('an ecosystem admin and a platform admin: every ecosystem role and every role of every program', () => {
    for (const viewer of [ecosystemAdmin, { ...none, platformAdmin: true }]) {
      const g = grantable(viewer, E1, PROGRAMS);
      expect(g.ecosystemRoles).toEqual(ECOSYSTEM_ROLES);
      expect(g.programs.map((p) => [p.name, p.roles])).toEqual(PROGRAMS.map((p) => [p.name, PROGRAM_ROLES]));
      expect(firstChoice(g)).toEqual({ action: 'add', role: 'STUDENT', programId: null });
    }
  });

  it('a program admin: tutors and tutees of their own programs only, no ecosystem role, no program admins', () => {
    const g = grantable(programAdmin, E1, PROGRAMS);
    expect(g).toEqual({ ecosystemRoles: [], programs: [{ id: 'p2', name: 'Maths', roles: ['LEADER', 'PUPIL'] }] });
    expect(firstChoice(g)).toEqual({ action: 'add', role: 'LEADER', programId: 'p2' });
    expect(mayChoose(g, { action: 'add', role: 'PROGRAM_ADMIN', programId: 'p2' })).toBe(false);
    expect(mayChoose(g, { action: 'add', role: 'LEADER', programId: 'p3' })).toBe(false);
    expect(mayChoose(g, { action: 'remove', role: 'STUDENT', programId: null })).toBe(false);
  });

  it('roles in another ecosystem give nothing here', () => {
    const g = grantable({ ...none, ecosystemRoles: [{ ecosystemId: E2, role: 'SUPER_ADMIN' }], programRoles: [{ ecosystemId: E2, programId: 'p1', role: 'PROGRAM_ADMIN' }] }, E1, PROGRAMS);
    expect(g).toEqual({ ecosystemRoles: [], programs: [] });
    expect(firstChoice(g)).toBeNull();
  });

  it('every choice reached by switching kind or program is one the viewer may make', () => {
    const viewers = fc.constantFrom(ecosystemAdmin, programAdmin, none, { ...none, platformAdmin: true });
    const steps = fc.array(fc.oneof(fc.constantFrom<'ecosystem' | 'program'>('ecosystem', 'program'), fc.constantFrom('p1', 'p2', 'p3', 'p9')), { maxLength: 8 });
    fc.assert(fc.property(viewers, steps, fc.constantFrom<'add' | 'remove'>('add', 'remove'), (viewer, path, action) => {
      const g = grantable(viewer, E1, PROGRAMS);
      let choice: RoleChoice | null = firstChoice(g, action);
      for (const step of path) {
        if (!choice) break;
        choice = step === 'ecosystem' || step === 'program' ? (switchKind(g, choice, step) ?? choice) : switchProgram(g, choice, step);
        expect(mayChoose(g, choice)).toBe(true);
        expect(choice.action).toBe(action);
      }
    }));
  });
});

describe('the changes sent', () => {
  it('name the program of a program role and none for an ecosystem role', () => {
    expect(choiceChanges({ action: 'add', role: 'LEADER', programId: 'p1' })).toEqual({ add: [{ role: 'LEADER', programId: 'p1' }], remove: [] });
    expect(choiceChanges({ action: 'remove', role: 'TEACHER', programId: null })).toEqual({ add: [], remove: [{ role: 'TEACHER' }] });
  });
});

describe('a person\'s program roles', () => {
  const held = [
    { role: 'PUPIL', ecosystemId: E1, programId: 'p1', status: 'ACTIVE' },
    { role: 'LEADER', ecosystemId: E1, programId: 'p2', status: 'INVITED' },
    { role: 'LEADER', ecosystemId: E1, programId: 'p3', status: 'ARCHIVED' },
    { role: 'STUDENT', ecosystemId: E1, programId: null, status: 'ACTIVATED' },
    { role: 'LEADER', ecosystemId: E2, programId: 'p9', status: 'ACTIVE' },
  ];

  it('lists those of this ecosystem not archived, by program name, removable where the viewer may take them', () => {
    expect(heldProgramRoles(held, E1, PROGRAMS, grantable(programAdmin, E1, PROGRAMS))).toEqual([
      { role: 'LEADER', programId: 'p2', name: 'Maths', removable: true },
      { role: 'PUPIL', programId: 'p1', name: 'Reading', removable: false },
    ]);
    expect(heldProgramRoles(held, E1, PROGRAMS, grantable(ecosystemAdmin, E1, PROGRAMS)).every((h) => h.removable)).toBe(true);
  });
});
