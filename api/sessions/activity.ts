/**
 * getSessionActivityBreadcrumbs (spec section 4's recorded session actions): what was done to one
 * session, newest first, with who did it and when, for those who may read the ecosystem's audit
 * trail (its admins and platform admins). The trail keeps the booking's events under its series
 * (`session-<seriesId>`); of those, the session's are the booking itself, the changes of its series
 * (segment), and the actions that name it (projections/sessions/breadcrumbs.ts keeps the ids in
 * each event's changes). A long series is read in pages of the trail's largest page, at most
 * MAX_PAGES of them.
 */
import { ForbiddenError } from '../../domain/shared/errors';
import { listBreadcrumbs, MAX_BREADCRUMBS_PAGE, type Breadcrumb } from '../../projections/audit';
import { breadcrumbNode } from '../audit/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { visibleSession } from './access';
import { sessionIdArg } from './inputs';

const MAX_PAGES = 10;

function concerns(crumb: Breadcrumb, session: { id: string; segmentId: string }): boolean {
  const c = crumb.changes as { occurrenceId?: unknown; occurrenceIds?: unknown; segmentId?: unknown; newSegmentId?: unknown };
  if (crumb.eventType === 'SessionScheduled') return true;
  if (c.occurrenceId === session.id) return true;
  if (Array.isArray(c.occurrenceIds) && c.occurrenceIds.includes(session.id)) return true;
  return c.segmentId === session.segmentId || c.newSegmentId === session.segmentId;
}

export async function sessionActivity(ctx: RequestContext, sessionIdValue: string) {
  requireViewer(ctx);
  const session = await visibleSession(ctx, sessionIdArg(sessionIdValue));
  if (!session) throw new ForbiddenError();
  authorize(ctx, { type: 'ecosystem.audit', ecosystemId: session.ecosystemId });
  const found: Breadcrumb[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await ctx.read((c) => listBreadcrumbs(c, {
      ecosystemId: session.ecosystemId, first: MAX_BREADCRUMBS_PAGE, after, filter: { targetType: 'session', targetId: session.seriesId },
    }));
    found.push(...result.rows.filter((crumb) => concerns(crumb, session)));
    if (!result.hasNextPage || !result.endCursor) break;
    after = result.endCursor;
  }
  return found.map(breadcrumbNode);
}
