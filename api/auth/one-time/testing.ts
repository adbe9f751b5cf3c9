/** Shared by the one-time link tests. */
import type { GraphQLResponse, TestApi } from '../../../tests/setup/api';
import { refusedUnchanged } from '../../people/testing';

const SETTLED = ['MessageSent', 'MessageKeptInOutbox', 'MessageDeliveryUncertain', 'MessageAbandoned'];

/**
 * Resolves once every message recorded so far has finished its delivery workflow: deliveries append
 * events on their own, which "nothing written" counts must not mistake for the request's.
 */
export async function messagesSettled(api: TestApi, timeoutMs = 20_000): Promise<void> {
  await api.platform.services.auth.oneTime.idle();
  for (const deadline = Date.now() + timeoutMs; ;) {
    const r = await api.db.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT DISTINCT ON (stream_id) type FROM events WHERE category = 'message' ORDER BY stream_id, revision DESC) last
        WHERE type <> ALL($1::text[])`, [SETTLED]);
    if (r.rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`${r.rows[0].n} messages still being delivered`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** refusedUnchanged (api/people/testing.ts) once earlier mail has settled. */
export async function refusedQuietly(api: TestApi, run: () => Promise<GraphQLResponse>, code: string): Promise<GraphQLResponse> {
  await messagesSettled(api);
  return refusedUnchanged(api, run, code);
}
