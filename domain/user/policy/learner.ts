/**
 * Who sees a learner at all (docs/decisions/0053-who-sees-a-learner.md). The same rule is the
 * row-level-security policy of read.users (projections/users/learners.ts), which every read that
 * names a person goes through; this is its form for the policy table and the field-level reads.
 */
import { inForce } from '../roles';
import { hasRole, isMember, LEARNER_ROLES, type Person, type Principal } from './principal';

const isLearnerRole = (role: string): boolean => (LEARNER_ROLES as readonly string[]).includes(role);

/**
 * The person is a learner in the ecosystem: a linked child there (decision 0048), or holding a
 * learner role there (any status) and no other role in force. Needs `person.guardians` to know the
 * links; without them only the roles decide.
 */
export function learnerIn(person: Person, ecosystemId: string): boolean {
  if ((person.guardians ?? []).some((g) => g.ecosystemId === ecosystemId)) return true;
  const here = person.roles.filter((g) => g.ecosystemId === ecosystemId);
  return here.some((g) => isLearnerRole(g.role)) && !here.some((g) => !isLearnerRole(g.role) && inForce(g, false));
}

/**
 * The principal looks after or teaches the person in the ecosystem: its SUPER_ADMIN, STAFF or
 * TEACHER; PROGRAM_ADMIN or LEADER of a program the person holds a role in; or a PARENT there
 * linked to the person.
 */
export function overLearnerIn(p: Principal, person: Person, ecosystemId: string): boolean {
  if (hasRole(p, ecosystemId, ['SUPER_ADMIN', 'STAFF', 'TEACHER'])) return true;
  const programLead = p.roles.some((r) => r.ecosystemId === ecosystemId && (r.role === 'PROGRAM_ADMIN' || r.role === 'LEADER')
    && person.roles.some((g) => g.ecosystemId === ecosystemId && g.programId === r.programId));
  return programLead || (hasRole(p, ecosystemId, ['PARENT'])
    && (person.guardians ?? []).some((g) => g.userId === p.userId && g.ecosystemId === ecosystemId));
}

/** Someone other than the person, not a platform admin, sees them through a shared ecosystem. */
export function seesThroughEcosystem(p: Principal, person: Person): boolean {
  return person.roles.some((g) => isMember(p, g.ecosystemId) && (!learnerIn(person, g.ecosystemId) || overLearnerIn(p, person, g.ecosystemId)));
}
