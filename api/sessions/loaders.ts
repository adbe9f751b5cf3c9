/**
 * Per-request batching of session reads (api/loaders.ts): sessions by id and the participants of
 * many sessions, each in one statement, so a page of N sessions costs the same as a page of one.
 */
import type DataLoader from 'dataloader';
import { participantsOfSessions, sessionsByIds, type SessionParticipantRow, type SessionRow } from '../../projections/sessions';
import type { RequestContext } from '../context';
import { loaderOf, primeRows, type LoaderSpec } from '../loaders';

const sessions: LoaderSpec<string, SessionRow> = { name: 'sessions.byId', fetch: (client, ids) => sessionsByIds(client, ids) };

const participants: LoaderSpec<string, SessionParticipantRow[]> = {
  name: 'sessions.participants',
  async fetch(client, ids) {
    const rows = await participantsOfSessions(client, ids);
    const bySession = new Map<string, SessionParticipantRow[]>(ids.map((id) => [id, []]));
    for (const row of rows) bySession.get(row.sessionId)?.push(row);
    return bySession;
  },
};

export function sessionLoader(ctx: RequestContext): DataLoader<string, SessionRow | null> {
  return loaderOf(ctx, sessions);
}

/** Rows a list read answer later look-ups by id without a statement. */
export function primeSessions(ctx: RequestContext, rows: readonly SessionRow[]): void {
  primeRows(sessionLoader(ctx), rows);
}

export async function participantsOf(ctx: RequestContext, sessionId: string): Promise<SessionParticipantRow[]> {
  return (await loaderOf(ctx, participants).load(sessionId)) ?? [];
}
