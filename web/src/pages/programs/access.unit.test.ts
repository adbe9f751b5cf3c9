import { describe, expect, it } from 'vitest';
import { programAccess, type ViewerRoles } from './access';

const viewer = (over: Partial<ViewerRoles>): ViewerRoles => ({ isInternalTeamAccount: false, ecosystemRoles: [], programRoles: [], ...over });

describe('program access', () => {
  it('lets platform admins and the ecosystem admin create and edit', () => {
    expect(programAccess(viewer({ isInternalTeamAccount: true }), 'E1').canCreate).toBe(true);
    const ecoAdmin = programAccess(viewer({ ecosystemRoles: [{ ecosystemId: 'E1', role: 'SUPER_ADMIN' }] }), 'E1');
    expect(ecoAdmin.canCreate).toBe(true);
    expect(ecoAdmin.canEdit('P1')).toBe(true);
  });

  it('offers nothing to an admin of another ecosystem or a member', () => {
    expect(programAccess(viewer({ ecosystemRoles: [{ ecosystemId: 'E2', role: 'SUPER_ADMIN' }] }), 'E1').canCreate).toBe(false);
    const member = programAccess(viewer({ ecosystemRoles: [{ ecosystemId: 'E1', role: 'MEMBER' }] }), 'E1');
    expect(member.canCreate).toBe(false);
    expect(member.canEdit('P1')).toBe(false);
    expect(programAccess(null, 'E1').canEdit('P1')).toBe(false);
  });

  it('lets a program admin edit only their program', () => {
    const access = programAccess(viewer({ programRoles: [{ programId: 'P1', role: 'PROGRAM_ADMIN' }] }), 'E1');
    expect(access.canCreate).toBe(false);
    expect(access.canEdit('P1')).toBe(true);
    expect(access.canEdit('P2')).toBe(false);
  });
});
