/**
 * Naming and quoting for the schemas, tables and views the runner creates. Projection and table
 * names end up inside DDL, so they are validated here rather than trusted.
 */
import type { Projection } from './types';

export const READ_SCHEMA = 'read';
/** Roles that may read projection tables and read views; neither may write them. */
export const READER_ROLES = ['app_api', 'analyst'] as const;

const IDENT = /^[a-z][a-z0-9_]*$/;
const MAX_IDENT = 63;

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

/**
 * `proj_<name>_v<version>` for a version's first build; an operator rebuild of a version that
 * already has a build gets its own schema (`_r<generation>`) so that the old one keeps serving.
 */
export function buildSchemaName(name: string, version: number, generation: number): string {
  const base = `proj_${name}_v${version}`;
  return generation === 1 ? base : `${base}_r${generation}`;
}

export function validateProjections(projections: readonly Projection[]): void {
  const names = new Set<string>();
  const views = new Map<string, string>();
  for (const p of projections) {
    if (!IDENT.test(p.name)) throw new Error(`projection name "${p.name}" must match ${IDENT}`);
    if (!Number.isInteger(p.version) || p.version < 1) throw new Error(`projection ${p.name}: version must be an integer >= 1`);
    if (buildSchemaName(p.name, p.version, 999).length > MAX_IDENT) throw new Error(`projection name "${p.name}" is too long`);
    if (names.has(p.name)) throw new Error(`projection "${p.name}" is registered twice`);
    names.add(p.name);
    for (const t of p.exposedTables) {
      if (!IDENT.test(t) || t.length > MAX_IDENT) throw new Error(`projection ${p.name}: table name "${t}" must match ${IDENT}`);
      const owner = views.get(t);
      if (owner) throw new Error(`read.${t} is exposed by both ${owner} and ${p.name}`);
      views.set(t, p.name);
    }
  }
}

/**
 * The tenant policy of docs/decisions/0005-tenant-isolation-rls.md. Unset settings read as null
 * (the `true` of current_setting), so a connection that set nothing sees nothing.
 *
 * The platform-admin test is wrapped in coalesce(..., false) for the planner, not for its meaning
 * (null and false hide the same rows here): the planner guesses `expression = 'on'` true for 0.5%
 * of rows, so a platform admin's list looked nearly empty to it and it sorted whole tables instead
 * of walking an index to the page's limit; a coalesce it guesses at 50% (docs/decisions/0027).
 *
 * Each setting is read in a scalar sub-select, which PostgreSQL evaluates once per statement (an
 * InitPlan) instead of once per row: parsing the id list and casting it to uuid[] for every row a
 * scan visits cost about 15 µs a row, 68 ms for a plan that visited a tenant's 4,500 audit rows
 * (docs/decisions/0033). The outer cast makes `= ANY` take the sub-select's array as one value
 * rather than read the sub-select as a set. Builds made with an older text are moved to this one
 * by policies.ts.
 */
export const TENANT_PREDICATE = `(SELECT coalesce(current_setting('app.platform_admin', true) = 'on', false))
  OR ecosystem_id = ANY ((SELECT string_to_array(coalesce(current_setting('app.ecosystem_ids', true), ''), ',')::uuid[])::uuid[])`;
