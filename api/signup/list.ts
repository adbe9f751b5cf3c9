/** getUserApplications: an ecosystem's applications for its admins, filtered and paged. */
import { ForbiddenError } from '../../domain/shared/errors';
import { applicationPolicy } from '../../domain/user/policy/application';
import { listApplications, type ApplicationRow } from '../../projections/applications';
import type { UserApplicationsInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { keysetConnection, type ConnectionArgs } from '../relay';
import { ecosystemIdArg } from './own';
import { viewOfRow } from './view';

export async function userApplicationsQuery(ctx: RequestContext, input: UserApplicationsInput, args: ConnectionArgs) {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(input.ecosystemId, 'input.ecosystemId');
  if (!applicationPolicy(viewer, 'list', { ecosystemId, userId: '' })) throw new ForbiddenError();
  const filter = { ecosystemId, statuses: input.statuses, applicantTypes: input.applicantTypes, search: input.search };
  const page = await keysetConnection<ApplicationRow>(args, (row) => [row.createdAt, row.id],
    (limit, after) => ctx.read((c) => listApplications(c, filter, { limit, after })));
  return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: viewOfRow(e.node) })) };
}
