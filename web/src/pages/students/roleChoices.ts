/**
 * Which roles the role dialogs on /students offer (decisions 0035, 0049): what the signed-in
 * person may grant in this ecosystem, mirroring the server's policies (domain/user/policy/roster.ts
 * and program-role.ts). An ecosystem admin or a platform admin gives every ecosystem role and every
 * program role of every program; a program admin gives LEADER and PUPIL of their own programs only.
 * The server decides in the end; offering only what it allows spares the admin a refusal.
 */
import { ECOSYSTEM_ROLES, type EcosystemRole, type RoleAction } from './adminForms';

export const PROGRAM_ROLES = ['PROGRAM_ADMIN', 'LEADER', 'PUPIL'] as const;
export type ProgramRoleName = (typeof PROGRAM_ROLES)[number];

export interface ViewerRoles {
  platformAdmin: boolean;
  ecosystemRoles: readonly { ecosystemId: string; role: string }[];
  programRoles: readonly { ecosystemId: string; programId: string; role: string }[];
}

export interface ProgramOption { id: string; name: string }
export interface GrantableProgram extends ProgramOption { roles: readonly ProgramRoleName[] }
export interface Grantable { ecosystemRoles: readonly EcosystemRole[]; programs: readonly GrantableProgram[] }

/** One change: an ecosystem role (programId null) or a program role of one program. */
export interface RoleChoice { action: RoleAction; role: EcosystemRole | ProgramRoleName; programId: string | null }

export function grantable(viewer: ViewerRoles, ecosystemId: string, programs: readonly ProgramOption[]): Grantable {
  const admin = viewer.platformAdmin || viewer.ecosystemRoles.some((r) => r.ecosystemId === ecosystemId && r.role === 'SUPER_ADMIN');
  if (admin) return { ecosystemRoles: ECOSYSTEM_ROLES, programs: programs.map((p) => ({ ...p, roles: PROGRAM_ROLES })) };
  const led = new Set(viewer.programRoles.filter((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN').map((r) => r.programId));
  return { ecosystemRoles: [], programs: programs.filter((p) => led.has(p.id)).map((p) => ({ ...p, roles: ['LEADER', 'PUPIL'] })) };
}

export function isProgramRoleName(role: string): role is ProgramRoleName {
  return (PROGRAM_ROLES as readonly string[]).includes(role);
}

/** Whether the dialog may send this choice. */
export function mayChoose(g: Grantable, choice: RoleChoice): boolean {
  if (choice.programId === null) return !isProgramRoleName(choice.role) && g.ecosystemRoles.includes(choice.role);
  const program = g.programs.find((p) => p.id === choice.programId);
  return !!program && isProgramRoleName(choice.role) && program.roles.includes(choice.role);
}

/** The choice a dialog opens with: the first ecosystem role, else the first program's first role; null when nothing may be given. */
export function firstChoice(g: Grantable, action: RoleAction = 'add'): RoleChoice | null {
  if (g.ecosystemRoles[0]) return { action, role: g.ecosystemRoles[0], programId: null };
  const program = g.programs[0];
  return program?.roles[0] ? { action, role: program.roles[0], programId: program.id } : null;
}

/** The same action with the other kind of role (an ecosystem role, or one of a program), or null when none may be given. */
export function switchKind(g: Grantable, choice: RoleChoice, kind: 'ecosystem' | 'program'): RoleChoice | null {
  if (kind === 'ecosystem') return g.ecosystemRoles[0] ? { action: choice.action, role: g.ecosystemRoles[0], programId: null } : null;
  const program = g.programs[0];
  return program?.roles[0] ? { action: choice.action, role: program.roles[0], programId: program.id } : null;
}

/** Another program: the same role when that program offers it, else its first. */
export function switchProgram(g: Grantable, choice: RoleChoice, programId: string): RoleChoice {
  const program = g.programs.find((p) => p.id === programId);
  if (!program?.roles[0]) return choice;
  const role = isProgramRoleName(choice.role) && program.roles.includes(choice.role) ? choice.role : program.roles[0];
  return { action: choice.action, role, programId };
}

type RoleChange = { role: EcosystemRole | ProgramRoleName; programId?: string };

/** The changes argument of updateOneOrManyUserPermissions / adminUpdateAllUserPermissions for one choice. */
export function choiceChanges(choice: RoleChoice): { add: RoleChange[]; remove: RoleChange[] } {
  const change: RoleChange = choice.programId === null ? { role: choice.role } : { role: choice.role, programId: choice.programId };
  return choice.action === 'add' ? { add: [change], remove: [] } : { add: [], remove: [change] };
}

export interface HeldProgramRole { role: ProgramRoleName; programId: string; name: string; removable: boolean }

/**
 * A person's program roles in this ecosystem that are not archived, named by their program, each
 * marked removable when the viewer may take it. Programs the viewer cannot see keep their role
 * listed under the program's id, so nothing the person holds is hidden from their admin.
 */
export function heldProgramRoles(
  held: readonly { role: string; ecosystemId: string; programId: string | null | undefined; status: string }[],
  ecosystemId: string, programs: readonly ProgramOption[], g: Grantable,
): HeldProgramRole[] {
  const names = new Map(programs.map((p) => [p.id, p.name]));
  return held.flatMap((h) => {
    if (h.ecosystemId !== ecosystemId || !h.programId || !isProgramRoleName(h.role) || h.status === 'ARCHIVED') return [];
    const removable = mayChoose(g, { action: 'remove', role: h.role, programId: h.programId });
    return [{ role: h.role, programId: h.programId, name: names.get(h.programId) ?? h.programId, removable }];
  }).sort((a, b) => a.name.localeCompare(b.name) || PROGRAM_ROLES.indexOf(a.role) - PROGRAM_ROLES.indexOf(b.role));
}
