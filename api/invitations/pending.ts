/** getPendingInvitations: an ecosystem's invitations waiting to be accepted, for those who manage its people. */
import { ForbiddenError } from '../../domain/shared/errors';
import { membershipPolicy } from '../../domain/user/policy/membership';
import { listPendingInvitations, type InvitationRow } from '../../projections/invitations';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { keysetConnection, type ConnectionArgs } from '../relay';
import { toInvitation } from './invite';

export async function pendingInvitations(ctx: RequestContext, ecosystemId: string, args: ConnectionArgs) {
  const viewer = requireViewer(ctx);
  // Admins, staff and platform admins see every pending invitation; a program admin those into their programs.
  const programIds = membershipPolicy(viewer, 'list', ecosystemId) ? null
    : viewer.roles.filter((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN' && r.programId).map((r) => r.programId as string);
  if (programIds?.length === 0) throw new ForbiddenError();
  const page = await keysetConnection<InvitationRow>(args, (row) => [row.invitedAt.toISOString(), row.id],
    (limit, after) => ctx.read((client) => listPendingInvitations(client, ecosystemId, { limit, after, programIds })));
  return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: toInvitation(e.node) })) };
}
