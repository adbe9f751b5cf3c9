/**
 * What the viewer may do on an ecosystem's programs page, mirroring the server's rules
 * (spec section 6): platform admins and the ecosystem's admins (SUPER_ADMIN) create and edit
 * programs; a program admin edits their own program. The server still decides; this only keeps
 * the page from offering what it would refuse.
 */
export interface ViewerRoles {
  isInternalTeamAccount: boolean;
  ecosystemRoles: ReadonlyArray<{ ecosystemId: string; role: string }>;
  programRoles: ReadonlyArray<{ programId: string; role: string }>;
}

export interface ProgramAccess {
  canCreate: boolean;
  canEdit(programId: string): boolean;
}

export function programAccess(viewer: ViewerRoles | null | undefined, ecosystemId: string): ProgramAccess {
  const admin = Boolean(viewer && (viewer.isInternalTeamAccount
    || viewer.ecosystemRoles.some((r) => r.ecosystemId === ecosystemId && r.role === 'SUPER_ADMIN')));
  return {
    canCreate: admin,
    canEdit: (programId) => admin || Boolean(viewer?.programRoles.some((r) => r.programId === programId && r.role === 'PROGRAM_ADMIN')),
  };
}
