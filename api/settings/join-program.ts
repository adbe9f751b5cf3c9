/**
 * Joining a program (docs/decisions/0050): the list a person may join, and joinProgram. The program is
 * read as the request's tenant scope shows it, so another tenant's program is FORBIDDEN exactly like
 * one the person may not join; the domain decides the role from the person's own stream.
 */
import { ForbiddenError, IllegalStateError, NotFoundError } from '../../domain/shared/errors';
import { inForce } from '../../domain/user/roles';
import { joiningRole, joinProgram } from '../../domain/user/settings/join-program';
import { settingsMessages } from '../../domain/user/settings/messages';
import { loadAccount, USERS_PROJECTION } from '../../projections/users';
import { listPrograms, type ProgramSummaryRow } from '../../projections/tenants/queries';
import type { UserSource } from '../auth/user-source';
import type { RequestContext } from '../context';
import { readableDetails } from '../people/details';
import { targetOf } from '../people/target';
import { readProgram, uuidArg } from '../tenants/access';

/** More programs than any ecosystem has: the list is not paged. */
const LIMIT = 500;

export async function joinablePrograms(ctx: RequestContext, user: UserSource): Promise<ProgramSummaryRow[]> {
  if (ctx.viewer?.userId !== user.id) throw new ForbiddenError();
  const { memberships, locked } = await readableDetails(ctx, user.id, 'profile');
  const held = memberships.filter((m) => inForce(m, locked));
  const ecosystems = [...new Set(held.map((m) => m.ecosystemId))].filter((e) => joiningRole(held.filter((m) => m.ecosystemId === e)) !== null);
  if (ecosystems.length === 0) return [];
  const inPrograms = new Set(memberships.flatMap((m) => (m.programId ? [m.programId] : [])));
  const programs = await ctx.read((c) => listPrograms(c, ecosystems, { includeArchived: false, limit: LIMIT, after: null }));
  return programs.filter((p) => !inPrograms.has(p.id));
}

export async function joinProgramMutation(ctx: RequestContext, programIdValue: string): Promise<UserSource> {
  const target = await targetOf(ctx, null);
  const programId = uuidArg('Program', programIdValue, 'programId');
  const program = await readProgram(ctx, programId).catch((err: unknown) => {
    if (err instanceof NotFoundError) throw new ForbiddenError(settingsMessages.joinNotMember);
    throw err;
  });
  if (program.archived) throw new IllegalStateError(settingsMessages.joinArchived, 'PROGRAM_ARCHIVED');
  await ctx.execute(joinProgram, { userId: target.person.userId, ecosystemId: program.ecosystemId, programId }, { waitFor: [USERS_PROJECTION] });
  // The new role is not in this request's token yet: the payload is the account as it now is.
  const row = await ctx.read((c) => loadAccount(c, target.viewer.userId));
  if (!row) throw new ForbiddenError();
  return row;
}
