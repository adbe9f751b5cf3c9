/**
 * The person with their linked parents (Person.guardians), for the people policies. Read only
 * when the viewer is a parent in force somewhere and the person is someone else: nobody else can
 * be allowed as a guardian, so other requests cost no extra statement (decision 0032).
 */
import type { Person } from '../../domain/user/policy/principal';
import type { RequestContext } from '../context';
import { guardiansOf } from './loaders';

export async function withGuardians(ctx: RequestContext, person: Person): Promise<Person> {
  const viewer = ctx.viewer;
  if (!viewer || viewer.userId === person.userId || !viewer.roles.some((r) => r.role === 'PARENT')) return person;
  return { ...person, guardians: await guardiansOf(ctx, person.userId) };
}
