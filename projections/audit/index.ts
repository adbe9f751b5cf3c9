/**
 * The audit trail ("breadcrumbs", DESIGN.md section 3 and spec section 4): every event, of every
 * type, becomes one readable row with its actor, time, target and what it changed. Nothing is
 * logged twice: actor and time come from the event's metadata. A background job's steps fold into
 * one entry per run (docs/decisions/0021-audit-trail.md).
 */
import type { Projection } from '../types';
import { registerUserBreadcrumbs } from './describers';
import { AUDIT_TABLES, auditIndexes, auditTables } from './tables';
import { writeAuditBatch } from './write';

export { registerBreadcrumbDescriber, type BreadcrumbDescriber, type BreadcrumbDescription } from './describe';
export * from './queries';

registerUserBreadcrumbs();

export const auditProjection: Projection = {
  name: 'audit',
  // 2: job runs fold into entries; actor and target names and the filters' facets.
  // 3: an unreadable event's reason in its own column (decode_error), not in the summary.
  // 4: one order for every list (entry, then position) with an index per filter in it; target types
  //    of the facets as a column; the planner-friendly tenant policy (docs/decisions/0027).
  // 5: target types as facet rows of their own, label and detail in the facets' key index, and
  //    autovacuum settings for the tables that grow fastest (docs/decisions/0033).
  version: 5,
  tables: auditTables,
  indexes: auditIndexes,
  exposedTables: AUDIT_TABLES,
  handlers: {},
  handleBatch: (events, ctx) => writeAuditBatch(events, ctx.client, ctx.table),
};
