/**
 * Properties of who sees a person (decision 0053) over random people and principals in two
 * ecosystems with two programs each: adults are seen as before by every member in force of a
 * shared ecosystem; a learner is seen only by themselves, platform admins and the people over them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ECOSYSTEM_ROLES, ECOSYSTEM_STATUSES, PROGRAM_ROLE_STATUSES, PROGRAM_ROLES, type RoleGrant } from '../events';
import { learnerIn } from './learner';
import { isMember, principalOf, type Person, type Principal } from './principal';
import { userPolicy } from './user';

const ECOSYSTEMS = ['e1', 'e2'];
const PROGRAMS: Record<string, string[]> = { e1: ['p1', 'p2'], e2: ['p3', 'p4'] };

const grantArb: fc.Arbitrary<RoleGrant> = fc.constantFrom(...ECOSYSTEMS).chain((ecosystemId) => fc.oneof(
  fc.record({ ecosystemId: fc.constant(ecosystemId), role: fc.constantFrom(...ECOSYSTEM_ROLES), programId: fc.constant(null), status: fc.constantFrom(...ECOSYSTEM_STATUSES) }),
  fc.record({ ecosystemId: fc.constant(ecosystemId), role: fc.constantFrom(...PROGRAM_ROLES), programId: fc.constantFrom(...PROGRAMS[ecosystemId]), status: fc.constantFrom(...PROGRAM_ROLE_STATUSES) }),
));
const grantsArb = fc.array(grantArb, { maxLength: 5 });
const personArb: fc.Arbitrary<Person> = fc.record({
  userId: fc.constant('t'),
  roles: grantsArb,
  guardians: fc.array(fc.record({ userId: fc.constantFrom('v', 'someone'), ecosystemId: fc.constantFrom(...ECOSYSTEMS) }), { maxLength: 2 }),
});
const principalArb: fc.Arbitrary<Principal> = fc.record({ grants: grantsArb, platformAdmin: fc.boolean() })
  .map(({ grants, platformAdmin }) => principalOf('v', grants, { platformAdmin }));

const LEARNERS = new Set(['STUDENT', 'PUPIL']);
/** Roles that never make their holder one of the people over a learner, whatever the relation. */
const NEVER_OVER = new Set(['STUDENT', 'PUPIL', 'MEMBER']);

describe('who sees a person', () => {
  it('sees an adult (no learner role, no family link) exactly as before: the platform admins and every member in force of a shared ecosystem', () => {
    fc.assert(fc.property(principalArb, grantsArb, (p, grants) => {
      const person: Person = { userId: 't', roles: grants.filter((g) => !LEARNERS.has(g.role)), guardians: [] };
      expect(userPolicy(p, 'read', person)).toBe(p.platformAdmin || person.roles.some((g) => isMember(p, g.ecosystemId)));
    }), { numRuns: 500 });
  });

  it('never shows a learner of every shared ecosystem to a principal holding only learner or member roles', () => {
    fc.assert(fc.property(personArb, grantsArb, (person, grants) => {
      const p = principalOf('v', grants.filter((g) => NEVER_OVER.has(g.role)));
      fc.pre(person.roles.every((g) => learnerIn(person, g.ecosystemId)));
      expect(userPolicy(p, 'read', person)).toBe(false);
    }), { numRuns: 500 });
  });

  it('shows anyone to the ecosystem\'s SUPER_ADMIN, STAFF and TEACHER in force, and a learner to a linked PARENT in force there', () => {
    fc.assert(fc.property(personArb, principalArb, fc.constantFrom('SUPER_ADMIN', 'STAFF', 'TEACHER', 'PARENT'), (person, base, role) => {
      fc.pre(person.roles.length > 0);
      const ecosystemId = person.roles[0].ecosystemId;
      const p: Principal = { ...base, roles: [...base.roles, { ecosystemId, role, programId: null }] };
      const linked = { ...person, guardians: [...(person.guardians ?? []), { userId: 'v', ecosystemId }] };
      expect(userPolicy(p, 'read', role === 'PARENT' ? linked : person)).toBe(true);
    }), { numRuns: 500 });
  });

  it('counts a linked child as a learner whatever their roles, and a learner with another role in force there as an adult', () => {
    const teacher = (status: RoleGrant['status']): RoleGrant => ({ ecosystemId: 'e1', role: 'TEACHER', programId: null, status });
    const student: RoleGrant = { ecosystemId: 'e1', role: 'STUDENT', programId: null, status: 'ACTIVATED' };
    expect(learnerIn({ userId: 't', roles: [student, teacher('ACTIVATED')] }, 'e1')).toBe(false);
    expect(learnerIn({ userId: 't', roles: [student, teacher('ARCHIVED')] }, 'e1')).toBe(true);
    expect(learnerIn({ userId: 't', roles: [student, teacher('ACTIVATED')], guardians: [{ userId: 'v', ecosystemId: 'e1' }] }, 'e1')).toBe(true);
    expect(learnerIn({ userId: 't', roles: [{ ...student, status: 'INVITED' }] }, 'e1')).toBe(true);
    expect(learnerIn({ userId: 't', roles: [student] }, 'e2')).toBe(false);
  });
});
