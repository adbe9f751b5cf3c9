/**
 * Reads of family connections, in the request's tenant scope. Each takes many ids at once, so a
 * page of people costs one statement for all their connections (loaders in api/families).
 */
import type { Queryable } from '../../infra/db/pool';
import type { NotificationChannel, Relationship } from '../../domain/family/events';

export interface FamilyConnectionRow {
  ecosystemId: string;
  parentId: string;
  childId: string;
  relationship: Relationship;
  notifPreferences: NotificationChannel[];
  linkedAt: string;
}

const COLUMNS = `ecosystem_id AS "ecosystemId", parent_id AS "parentId", child_id AS "childId", relationship,
  notif_preferences AS "notifPreferences", linked_at AS "linkedAt"`;

/** Connections where any of `userIds` is the parent or the child, oldest link first. */
export async function connectionsOf(db: Queryable, userIds: readonly string[]): Promise<FamilyConnectionRow[]> {
  if (userIds.length === 0) return [];
  const r = await db.query<FamilyConnectionRow>(
    `SELECT ${COLUMNS} FROM read.family_connections WHERE parent_id = ANY($1::uuid[])
     UNION
     SELECT ${COLUMNS} FROM read.family_connections WHERE child_id = ANY($1::uuid[])
     ORDER BY "linkedAt", "parentId", "childId"`,
    [userIds]);
  return r.rows;
}

/** The parents and guardians of one learner in one ecosystem, with the channels chosen for that child (the notification reactor, owner connection). */
export async function parentsOfLearner(db: Queryable, childId: string, ecosystemId: string): Promise<Array<{ parentId: string; channels: NotificationChannel[] }>> {
  const r = await db.query<{ parentId: string; channels: NotificationChannel[] }>(
    `SELECT parent_id AS "parentId", notif_preferences AS channels FROM read.family_connections
     WHERE child_id = $1 AND ecosystem_id = $2 ORDER BY linked_at, parent_id`,
    [childId, ecosystemId]);
  return r.rows;
}
