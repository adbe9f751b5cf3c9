/** Telling the API processes that a user's roles changed (docs/decisions/0023). */
import type { RecordedEvent } from '../../domain/shared/events';
import type { ProjectionContext } from '../types';

/** LISTEN/NOTIFY channel of role changes: payload `<userId> <rolesVersion>` (api/auth/revocation-listener.ts). */
export const ROLES_CHANNEL = 'auth_roles';

/**
 * Raises the user's roles version to the event's stream revision (monotonic, so a replayed event
 * changes nothing) and tells the API processes, in this transaction: PostgreSQL delivers the NOTIFY
 * when the batch commits, so no process hears of a version before it can read it. Every event that
 * changes roles or the platform-admin flag must come through here (docs/decisions/0023). Only the
 * serving build announces: a rebuild replaying history would flood the listeners with old news, and
 * the API reads roles from the serving build, so a version it announced is one the API can read.
 */
export async function rolesChanged(userId: string, event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  await client.query(
    `UPDATE ${table('users')} SET roles_changed_at = CASE WHEN $2 > roles_version THEN $3::timestamptz ELSE roles_changed_at END,
            roles_version = greatest(roles_version, $2) WHERE id = $1`,
    [userId, event.revision, event.metadata.occurredAt]);
  await client.query(
    `SELECT pg_notify($1, $2) WHERE EXISTS (
       SELECT 1 FROM projections.checkpoints c WHERE c.status = 'serving' AND to_regclass(format('%I.users', c.schema_name)) = to_regclass($3))`,
    [ROLES_CHANNEL, `${userId} ${event.revision}`, table('users')]);
}
