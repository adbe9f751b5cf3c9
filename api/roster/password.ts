/**
 * adminSaveEcosystemUserPassword (decision 0049): an admin over every ecosystem of the person sets
 * their password, under the same password policy as everyone's, and every session of the person
 * ends, since whoever was signed in as them no longer knows the password.
 */
import { ForbiddenError } from '../../domain/shared/errors';
import { changePassword } from '../../domain/user/handlers';
import { accountPolicy } from '../../domain/user/policy/roster';
import { findUser, loadAccount, USERS_PROJECTION, type UserRow } from '../../projections/users';
import { hashPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-policy';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { findDetails } from '../people/details';
import { userIdArg } from '../people/target';

/** The person acted on, when the account policy lets the viewer act; FORBIDDEN alike for unseen and refused. */
export async function accountTarget(ctx: RequestContext, value: string, op: 'setPassword' | 'setContact' | 'sendFollowUp'): Promise<UserRow> {
  const viewer = requireViewer(ctx);
  const userId = userIdArg(value, 'userId');
  const [row, details] = await Promise.all([ctx.read((c) => findUser(c, userId)), findDetails(ctx, userId)]);
  if (!row || !details) throw new ForbiddenError();
  // The tenant scope shows only the viewer's ecosystems: the account's roles in force everywhere
  // (auth.viewer, whatever the scope) tell whether the person belongs to others too.
  const account = await ctx.read((c) => loadAccount(c, userId));
  const elsewhere = (account?.roles ?? []).map((r) => ({ ...r, status: 'ACTIVATED' as const }));
  const person = { userId, roles: [...details.memberships, ...elsewhere], platformAdmin: account?.platformAdmin ?? row.platformAdmin };
  if (!accountPolicy(viewer, op, person)) throw new ForbiddenError();
  return row;
}

export async function adminSavePassword(ctx: RequestContext, userIdValue: string, password: string): Promise<UserRow> {
  const person = await accountTarget(ctx, userIdValue, 'setPassword');
  assertAcceptablePassword(password, 'password', { email: person.email });
  await ctx.execute(changePassword, { userId: person.id, passwordHash: await hashPassword(password) }, { waitFor: [USERS_PROJECTION] });
  await ctx.services.auth.logoutEverywhere(person.id);
  return person;
}
