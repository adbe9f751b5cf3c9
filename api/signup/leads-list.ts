/**
 * signupLeads: an ecosystem's sign-up leads for its admins (docs/decisions/0045, amendment),
 * newest first, by status, keyset-paged; read under row-level security, so another ecosystem's
 * admin finds nothing even before the policy refuses them.
 */
import { ForbiddenError } from '../../domain/shared/errors';
import { applicationPolicy } from '../../domain/user/policy/application';
import { listSignupLeads, type LeadStatus, type SignupLeadRow } from '../../projections/signupleads';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { keysetConnection, toGlobalId, type ConnectionArgs } from '../relay';
import { publicUrl } from './options';
import { ecosystemIdArg } from './own';

function viewOfLead(ctx: RequestContext, row: SignupLeadRow) {
  const { ecosystemId: _e, usedBy: _u, profileId, ...fields } = row;
  const signupUrl = row.status === 'OPEN' && profileId ? publicUrl(ctx, `/s/${encodeURIComponent(profileId)}/signup`) : null;
  return { ...fields, id: toGlobalId('SignupLead', row.id), tutorProfileId: null, signupUrl };
}

export async function signupLeadsQuery(ctx: RequestContext, args: ConnectionArgs & { ecosystemId: string; status?: LeadStatus | null }) {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(args.ecosystemId);
  if (!applicationPolicy(viewer, 'list', { ecosystemId, userId: '' })) throw new ForbiddenError();
  const filter = { ecosystemId, status: args.status, now: ctx.services.clock().toISOString() };
  const page = await keysetConnection<SignupLeadRow>(args, (row) => [row.createdAt, row.id],
    (limit, after) => ctx.read((c) => listSignupLeads(c, filter, { limit, after })));
  return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: viewOfLead(ctx, e.node) })) };
}
