/**
 * What both Lessonspace mutations share (decision 0065): the session as its editor acts on it, the
 * checks that need no provider (so a refusal calls nobody and writes nothing), the ecosystem's
 * Lessonspace adapter, and provider failures as keyed messages.
 */
import { lessonspaceMessages as lm } from '../../domain/session/lessonspace-messages';
import { sessionMessages as m } from '../../domain/session/messages';
import { IllegalStateError } from '../../domain/shared/errors';
import { LessonspaceLessons } from '../../infra/meetings/lessonspace-lessons';
import { spaceIdOf } from '../../infra/meetings/lessonspace';
import { MeetingProviderError } from '../../infra/meetings/port';
import type { SessionRow } from '../../projections/sessions';
import type { RequestContext } from '../context';
import { authorizeEditSession } from '../sessions/access';
import { sessionIdArg } from '../sessions/inputs';

/** The session, once the viewer may edit it (FORBIDDEN otherwise, as if it did not exist), meeting in its series' Lessonspace space. */
export async function lessonspaceSession(ctx: RequestContext, sessionIdValue: string): Promise<{ row: SessionRow; spaceId: string }> {
  const row = await authorizeEditSession(ctx, sessionIdArg(sessionIdValue));
  if (row.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (row.meetingSolution !== 'LESSONSPACE') throw new IllegalStateError(lm.notLessonspace, 'NOT_LESSONSPACE');
  const spaceId = spaceIdOf(row.seriesId);
  // A series booked before the ecosystem had credentials meets in the built-in room (decision 0058).
  if (row.roomId === null) throw new IllegalStateError(lm.noRoom, 'NO_ROOM');
  if (row.roomId !== spaceId) throw new IllegalStateError(lm.notLessonspace, 'NOT_LESSONSPACE');
  return { row, spaceId };
}

export async function lessonspaceOf(ctx: RequestContext, ecosystemId: string): Promise<LessonspaceLessons> {
  const credentials = await ctx.services.meetings.open(ecosystemId, 'LESSONSPACE');
  if (!credentials) throw new IllegalStateError(lm.providerCredentials, 'PROVIDER_CREDENTIALS');
  return new LessonspaceLessons({ apiKey: credentials.apiKey, baseUrl: ctx.services.config.LESSONSPACE_API_URL });
}

/** Runs a provider call; its failure becomes a keyed message (the provider's own words stay in the logs). */
export async function withProvider<T>(ctx: RequestContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof MeetingProviderError)) throw err;
    // The provider's own words (never a credential, http.ts) go to the log; the reader gets a keyed message.
    console.error(`[lessonspace ${ctx.requestId}] ${err.message}`);
    if (err.failure === 'credentials') throw new IllegalStateError(lm.providerCredentials, 'PROVIDER_CREDENTIALS');
    throw new IllegalStateError(lm.providerFailed, 'PROVIDER_FAILED');
  }
}
