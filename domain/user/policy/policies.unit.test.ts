/**
 * Every role against every people operation, as one table (docs/decisions/0035): a changed rule
 * shows up as a changed row. The person acted on (T) is a learner of ecosystem E1: STUDENT there
 * and PUPIL in its program P1. "self" columns act on the principal's own account. A is an adult of
 * E1 (a TEACHER there): `user.read A` shows that adults stay visible to every co-member while a
 * learner is seen only by the people over them (decision 0053).
 */
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '../events';
import { familyPolicy } from './family';
import { accountPolicy, rosterPolicy } from './roster';
import { membershipPolicy } from './membership';
import { principalOf, type Person, type Principal } from './principal';
import { profilePolicy } from './profile';
import { programRolePolicy } from './program-role';
import { userPolicy } from './user';

const E1 = 'e1';
const E2 = 'e2';
const P1 = { ecosystemId: E1, programId: 'p1' };
const grant = (role: RoleGrant['role'], ecosystemId = E1, programId: string | null = null, status: RoleGrant['status'] = programId ? 'ACTIVE' : 'ACTIVATED'): RoleGrant =>
  ({ ecosystemId, role, programId, status });

/** T's linked parent is "parent of T" (its user id); the PARENT row is a parent of another family. */
const target: Person = { userId: 't', roles: [grant('STUDENT'), grant('PUPIL', E1, 'p1')], guardians: [{ userId: 'parentofT', ecosystemId: E1 }] };

const adult: Person = { userId: 'a', roles: [grant('TEACHER')] };

const principals: Array<[string, Principal | null, RoleGrant[]]> = [
  ['platform admin', principalOf('pa', [], { platformAdmin: true }), []],
  ['SUPER_ADMIN', null, [grant('SUPER_ADMIN')]],
  ['STAFF', null, [grant('STAFF')]],
  ['TEACHER', null, [grant('TEACHER')]],
  ['PARENT', null, [grant('PARENT')]],
  ['parent of T', null, [grant('PARENT')]],
  ['archived parent of T', null, [grant('PARENT', E1, null, 'ARCHIVED')]],
  ['STUDENT', null, [grant('STUDENT')]],
  ['MEMBER', null, [grant('MEMBER')]],
  ['PROGRAM_ADMIN', null, [grant('PROGRAM_ADMIN', E1, 'p1')]],
  ['LEADER', null, [grant('LEADER', E1, 'p1')]],
  ['LEADER of P2', null, [grant('LEADER', E1, 'p2')]],
  ['PUPIL', null, [grant('PUPIL', E1, 'p1')]],
  ['archived member', null, [grant('SUPER_ADMIN', E1, null, 'ARCHIVED')]],
  ['invited member', null, [grant('SUPER_ADMIN', E1, null, 'INVITED')]],
  ['locked admin', null, [grant('SUPER_ADMIN')]],
  ['other ecosystem', null, [grant('SUPER_ADMIN', E2)]],
  ['anonymous', null, []],
];

function resolve([name, given, grants]: (typeof principals)[number]): { principal: Principal | null; self: Person } {
  const userId = name.replace(/\W/g, '');
  if (name === 'anonymous') return { principal: null, self: { userId, roles: [] } };
  const principal = given ?? principalOf(userId, grants, { locked: name === 'locked admin' });
  return { principal, self: { userId: principal.userId, roles: grants } };
}

type Column = [string, (p: Principal | null, self: Person) => boolean];
const columns: Column[] = [
  ['user.read T', (p) => userPolicy(p, 'read', target)],
  ['user.read A', (p) => userPolicy(p, 'read', adult)],
  ['user.readContact T', (p) => userPolicy(p, 'readContact', target)],
  ['user.lock T', (p) => userPolicy(p, 'lock', target)],
  ['user.switchMode self', (p, self) => userPolicy(p, 'switchMode', self)],
  ['profile.read T', (p) => profilePolicy(p, { type: 'read' }, target)],
  ['profile.readPrivate T', (p) => profilePolicy(p, { type: 'readPrivate' }, target)],
  ['profile.edit T', (p) => profilePolicy(p, { type: 'edit' }, target)],
  ['profile.edit self', (p, self) => profilePolicy(p, { type: 'edit' }, self)],
  ['profile.editAdminFields T', (p) => profilePolicy(p, { type: 'editAdminFields' }, target)],
  ['profile.editTimeZone T', (p) => profilePolicy(p, { type: 'editTimeZone' }, target)],
  ['profile.editTimezoneCooldown T', (p) => profilePolicy(p, { type: 'editTimezoneCooldown' }, target)],
  ['profile.editTimezoneCooldown self', (p, self) => profilePolicy(p, { type: 'editTimezoneCooldown' }, self)],
  ['profile.editEcosystemProfile T E1', (p) => profilePolicy(p, { type: 'editEcosystemProfile', ecosystemId: E1 }, target)],
  ['profile.editEcosystemProfile self E1', (p, self) => profilePolicy(p, { type: 'editEcosystemProfile', ecosystemId: E1 }, self)],
  ['membership.list E1', (p) => membershipPolicy(p, 'list', E1)],
  ['membership.grant E1', (p) => membershipPolicy(p, 'grant', E1)],
  ['membership.changeStatus E1', (p) => membershipPolicy(p, 'changeStatus', E1)],
  ['membership.revoke E1', (p) => membershipPolicy(p, 'revoke', E1)],
  ['membership.apply E1', (p) => membershipPolicy(p, 'apply', E1)],
  ['programRole.list P1', (p) => programRolePolicy(p, { type: 'list' }, P1)],
  ['programRole.grant LEADER P1', (p) => programRolePolicy(p, { type: 'grant', role: 'LEADER' }, P1)],
  ['programRole.grant PROGRAM_ADMIN P1', (p) => programRolePolicy(p, { type: 'grant', role: 'PROGRAM_ADMIN' }, P1)],
  ['programRole.changeStatus PUPIL P1', (p) => programRolePolicy(p, { type: 'changeStatus', role: 'PUPIL' }, P1)],
  ['family.link E1', (p) => familyPolicy(p, { type: 'link', ecosystemId: E1 }, target)],
  ['family.readConnections T', (p) => familyPolicy(p, { type: 'readConnections' }, target)],
  ['family.editNotifPreferences self E1', (p, self) => familyPolicy(p, { type: 'editNotifPreferences', ecosystemId: E1 }, self)],
  ['roster.list E1', (p) => rosterPolicy(p, 'list', E1)],
  ['roster.manage E1', (p) => rosterPolicy(p, 'manage', E1)],
  ['roster.listTutees E1', (p) => rosterPolicy(p, 'listTutees', E1)],
  ['roster.listAdmins E1', (p) => rosterPolicy(p, 'listAdmins', E1)],
  ['account.setPassword T', (p) => accountPolicy(p, 'setPassword', target)],
  ['account.setContact T', (p) => accountPolicy(p, 'setContact', target)],
  ['account.sendFollowUp T', (p) => accountPolicy(p, 'sendFollowUp', target)],
  ['account.setPassword self', (p, self) => accountPolicy(p, 'setPassword', self)],
];

/** One row per principal: Y where allowed, . where refused, in the order of `columns`. */
function table(): Record<string, string> {
  return Object.fromEntries(principals.map((entry) => {
    const { principal, self } = resolve(entry);
    return [entry[0], columns.map(([, allowed]) => (allowed(principal, self) ? 'Y' : '.')).join(' ')];
  }));
}

describe('people policies', () => {
  it('decide each operation for each role as this table says', () => {
    // Columns:                 uR uA uC uL sM pR pP pE pS pA pZ cT cS eT eS mL mG mC mR mA rL rG rA rC fL fR fN sL sM sT sA aP aC aF aS
    expect(table()).toEqual({
      'platform admin':        'Y Y Y Y Y Y Y Y Y Y Y . Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y Y .',
      SUPER_ADMIN:             'Y Y Y . Y Y Y Y Y Y Y . Y Y Y Y Y Y Y . Y Y Y Y Y Y Y Y Y Y Y Y Y Y .',
      STAFF:                   'Y Y . . Y Y . . Y . . . Y . Y Y . . . . Y . . . . . . . . Y Y . . . .',
      TEACHER:                 'Y Y . . Y Y . . Y . . . Y . Y . . . . . . . . . . . . . . Y Y . . . .',
      PARENT:                  '. Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . Y . . . Y . . . .',
      'parent of T':           'Y Y Y . Y Y . Y Y . Y . Y . Y . . . . . . . . . . Y Y . . . Y . . . .',
      'archived parent of T':  '. . . . Y . . . Y . . . Y . . . . . . Y . . . . . . . . . . . . . . .',
      STUDENT:                 '. Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . . . . . Y . . . .',
      MEMBER:                  '. Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . . . . . Y . . . .',
      PROGRAM_ADMIN:           'Y Y Y . Y Y . . Y . . . Y . Y . . . . . Y Y . Y . . . . . Y Y . . . .',
      LEADER:                  'Y Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . . . . Y Y . . . .',
      'LEADER of P2':          '. Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . . . . Y Y . . . .',
      PUPIL:                   '. Y . . Y . . . Y . . . Y . Y . . . . . . . . . . . . . . . Y . . . .',
      'archived member':       '. . . . Y . . . Y . . . Y . . . . . . Y . . . . . . . . . . . . . . .',
      'invited member':        '. . . . Y . . . Y . . . Y . . . . . . Y . . . . . . . . . . . . . . .',
      'locked admin':          '. . . . Y . . . Y . . . Y . . . . . . Y . . . . . . . . . . . . . . .',
      'other ecosystem':       '. . . . Y . . . Y . . . Y . . . . . . Y . . . . . . . . . . . . . . .',
      anonymous:               '. . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .',
    });
  });

  it('count only roles in force: INVITED, APPLIED, ARCHIVED and a locked account grant nothing', () => {
    for (const status of ['INVITED', 'APPLIED', 'ARCHIVED'] as const) {
      expect(principalOf('u', [grant('SUPER_ADMIN', E1, null, status)]).roles).toEqual([]);
    }
    expect(principalOf('u', [grant('LEADER', E1, 'p1', 'ARCHIVED'), grant('LEADER', E1, 'p2')]).roles).toEqual([{ ecosystemId: E1, role: 'LEADER', programId: 'p2' }]);
    expect(principalOf('u', [grant('SUPER_ADMIN')], { locked: true }).roles).toEqual([]);
  });
});
