/**
 * Finding whom and where a people mutation acts on, before the policy decides. A person the
 * request cannot see (another tenant's, or no one) answers FORBIDDEN exactly like a person it may
 * not change, so the answer never tells whether an account exists.
 */
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors';
import type { Person } from '../../domain/user/policy/principal';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { headerEcosystemId, uuidArg } from '../tenants/access';
import { invalidArgument } from '../tenants/support';
import { fromGlobalId, idOf } from '../relay';
import { isUuid } from '../../domain/shared/ids';
import { commonMessages } from '../../domain/shared/messages';
import { findDetails } from './details';
import { peopleApiMessages } from './messages';
import { withGuardians } from '../families/guardians';

export interface Target {
  viewer: Viewer;
  person: Person;
  self: boolean;
}

export function userIdArg(value: string, field: string): string {
  const id = idOf('User', value);
  if (!isUuid(id)) throw invalidArgument(field, commonMessages.invalidId({ label: peopleApiMessages.userIdLabel }));
  return id.toLowerCase();
}

/** The person acted on: the one named, else the viewer; with every role the request can see. */
export async function targetOf(ctx: RequestContext, userIdValue: string | null | undefined, field = 'userId'): Promise<Target> {
  const viewer = requireViewer(ctx);
  const userId = userIdValue ? userIdArg(userIdValue, field) : viewer.userId;
  const details = await findDetails(ctx, userId);
  if (!details) throw new ForbiddenError();
  const person = await withGuardians(ctx, { userId, roles: details.memberships });
  return { viewer, person, self: userId === viewer.userId };
}

/** The ecosystem named by an argument, else by the x-ecosystem-profile-id header. */
export async function ecosystemOf(ctx: RequestContext, value: string | null | undefined, field = 'ecosystemId'): Promise<string> {
  if (value) return uuidArg('Ecosystem', value, field);
  if (!ctx.headers.ecosystemProfileId) throw invalidArgument(field, peopleApiMessages.ecosystemRequired);
  return headerEcosystemId(ctx);
}

/** The ecosystem the client is browsing (x-ecosystem-profile-id), or null when none or not one it can see. */
export async function browsedEcosystemId(ctx: RequestContext): Promise<string | null> {
  const value = ctx.headers.ecosystemProfileId;
  if (!value || !ctx.viewer) return null;
  if (fromGlobalId(value)?.type === 'Ecosystem' || isUuid(value)) {
    const id = idOf('Ecosystem', value).toLowerCase();
    return isUuid(id) ? id : null;
  }
  // A profile id no ecosystem has: nothing is browsed, which is not an error for a read.
  return headerEcosystemId(ctx).catch((err: unknown) => {
    if (err instanceof NotFoundError) return null;
    throw err;
  });
}
