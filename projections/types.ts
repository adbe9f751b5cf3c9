/**
 * A projection (DESIGN.md section 5): a named, versioned read model. Its tables are created in a
 * schema of their own per version (`proj_<name>_v<version>`), and `read.<table>` views point at
 * the version that serves. Raising `version` rebuilds the new schema from position zero while the
 * old one keeps serving, then the views switch in one transaction (blue/green).
 */
import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../domain/shared/events';

export interface ProjectionContext {
  /** The transaction the whole batch (rows and checkpoint) runs in. */
  client: PoolClient;
  /** Qualified name of one of this projection's tables in the schema being written, e.g. `"proj_tenants_v1"."ecosystems"`. */
  table(name: string): string;
}

export type ProjectionHandler = (event: RecordedEvent, ctx: ProjectionContext) => Promise<void>;

/**
 * Sees every event of a batch, in log order, inside the batch's transaction, after the per-type
 * `handlers` of that batch ran. For projections that take all event types (the audit trail) and
 * for writing a whole batch in one statement. The result must not depend on where batches split.
 */
export type ProjectionBatchHandler = (events: readonly RecordedEvent[], ctx: ProjectionContext) => Promise<void>;

export interface Projection {
  /** Lower-case letters, digits and underscores; part of the schema name. */
  name: string;
  version: number;
  /**
   * DDL for this version's tables inside `schema` (already created). Every table that holds tenant
   * data has an `ecosystem_id uuid` column (nullable only for platform-wide rows).
   */
  tables(schema: string): string;
  /**
   * Optional DDL for secondary indexes (`CREATE INDEX IF NOT EXISTS`, named): a build that serves
   * from its creation gets them with its tables; a rebuild loads its rows first and creates them
   * once it has caught up, before it serves (docs/decisions/0022). So the projection's own handlers
   * must not need them to stay fast; keys they look rows up by belong in `tables`.
   */
  indexes?(schema: string): string;
  /** Tables exposed as `read.<table>` views; each gets the tenant row-level-security policy. */
  exposedTables: string[];
  /** Handlers per event type: idempotent upserts keyed by ids in the event. */
  handlers: Record<string, ProjectionHandler>;
  /** Optional catch-all, see ProjectionBatchHandler. */
  handleBatch?: ProjectionBatchHandler;
}

/**
 * The event types a projection's workers fetch (docs/decisions/0026): those it has handlers for,
 * or every type (null) when it has a handleBatch, which sees every event. Its checkpoint still
 * passes the others, so it never looks behind for events it does not read.
 */
export function consumedTypes(p: Projection): string[] | null {
  return p.handleBatch ? null : Object.keys(p.handlers).sort();
}
