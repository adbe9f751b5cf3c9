/**
 * Post-session feedback, first slice (schema/session-feedback.graphql, decision 0074):
 * editPostSessionFeedback and getCompletedSessionsWithoutFeedback. Checks in the order of decision
 * 0062: the input's shape (BAD_USER_INPUT), who may ask (FORBIDDEN, the same for a session that
 * does not exist or is not to be seen), then the command, which decides what depends on the
 * booking's state (completed, attended, the rating's range).
 */
import { recordSessionFeedback } from '../../domain/session/handlers';
import { completionMessages } from '../../domain/session/completion';
import { isSessionAdmin } from '../../domain/session/policy';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { pendingFeedbackSessions, SESSIONS_PROJECTION, type SessionRow } from '../../projections/sessions';
import type { CompletedSessionsWithoutFeedbackFilters, PostSessionFeedbackInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sessionViewer, visibleSession } from './access';
import { rawId } from './conflict-resolvers';
import { sessionIdArg } from './inputs';
import { primeSessions, sessionLoader } from './loaders';
import type { SessionListSource } from './lists';

const PAGE_SIZE = 25;

export async function editPostSessionFeedback(ctx: RequestContext, input: PostSessionFeedbackInput): Promise<SessionRow> {
  const viewer = requireViewer(ctx);
  const sessionId = sessionIdArg(input.sessionId, 'input.sessionId');
  const userId = input.userId ? rawId('User', input.userId, 'input.userId') : viewer.userId;
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw ValidationError.forField('input.rating', completionMessages.invalidRating);
  const comment = input.comment?.trim() || null;
  if (comment !== null && comment.length > 2000) throw ValidationError.forField('input.comment', completionMessages.commentTooLong);
  const row = await visibleSession(ctx, sessionId);
  if (!row) throw new ForbiddenError();
  const isAdmin = isSessionAdmin((await sessionViewer(ctx)).principal, row);
  if (userId !== viewer.userId && !isAdmin) throw new ForbiddenError(completionMessages.others);
  await ctx.execute(recordSessionFeedback, {
    seriesId: row.seriesId, occurrenceId: row.id, userId, rating: input.rating, comment, actorIsAdmin: isAdmin,
  }, { waitFor: [SESSIONS_PROJECTION], ecosystemId: row.ecosystemId });
  const fresh = await sessionLoader(ctx).load(row.id);
  if (!fresh) throw new ForbiddenError();
  return fresh;
}

export async function completedSessionsWithoutFeedback(ctx: RequestContext, filters: CompletedSessionsWithoutFeedbackFilters | null | undefined): Promise<SessionListSource> {
  const viewer = requireViewer(ctx);
  const pageNumber = filters?.pageNumber ?? 1;
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 1000) throw ValidationError.forField('selectedFilters.pageNumber', completionMessages.invalidPage);
  const programIds = filters?.programIds ? filters.programIds.map((id, i) => rawId('Program', id, `selectedFilters.programIds.${i}`)) : null;
  const { rows, hasMore } = await ctx.read((client) => pendingFeedbackSessions(client, { userId: viewer.userId, programIds, pageNumber, pageSize: PAGE_SIZE }));
  primeSessions(ctx, rows);
  return { sessions: rows, hasMore, pageNumber };
}
