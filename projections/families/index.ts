/**
 * Read model of family connections (docs/decisions/0048-families-and-connections.md).
 *
 * - `read.family_connections`: one row per parent, child and ecosystem, with the relationship and
 *   the parent's notification channels for that child. Tenant data: row-level security shows the
 *   rows of the request's ecosystems; which of them a reader may see is the family policy's call
 *   (domain/user/policy/family.ts), made in the API before any row is shown.
 *
 * Events of one family arrive in stream order, so plain upserts and deletes keyed by the link are
 * idempotent and a rebuild ends with the same rows.
 */
import { familyConnectionEditedSchema, familyMemberLinkedSchema, familyMemberUnlinkedSchema } from '../../domain/family/events';
import type { Projection, ProjectionHandler } from '../types';
import { registerFamilyBreadcrumbs } from './breadcrumbs';

registerFamilyBreadcrumbs();

export const FAMILIES_PROJECTION = 'families';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.family_connections (
      ecosystem_id      uuid NOT NULL,
      parent_id         uuid NOT NULL,
      child_id          uuid NOT NULL,
      relationship      text NOT NULL,
      notif_preferences text[] NOT NULL,
      linked_at         timestamptz NOT NULL,
      updated_at        timestamptz NOT NULL,
      PRIMARY KEY (parent_id, ecosystem_id, child_id)
    );
    CREATE INDEX family_connections_child_idx ON ${s}.family_connections (child_id, ecosystem_id);
    COMMENT ON TABLE ${s}.family_connections IS 'A parent or guardian linked to a learner in one ecosystem (spec section 3, familyConnections).';
    COMMENT ON COLUMN ${s}.family_connections.notif_preferences IS 'Channels (EMAIL, TEXT) by which the parent hears about this child.';
  `;
}

const handlers: Record<string, ProjectionHandler> = {
  FamilyMemberLinked: async (event, { client, table }) => {
    const d = familyMemberLinkedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('family_connections')} (ecosystem_id, parent_id, child_id, relationship, notif_preferences, linked_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (parent_id, ecosystem_id, child_id) DO UPDATE SET relationship = EXCLUDED.relationship,
         notif_preferences = EXCLUDED.notif_preferences, updated_at = EXCLUDED.updated_at`,
      [d.ecosystemId, d.parentId, d.childId, d.relationship, d.notifPreferences, event.metadata.occurredAt]);
  },
  FamilyConnectionEdited: async (event, { client, table }) => {
    const d = familyConnectionEditedSchema.parse(event.data);
    await client.query(
      `UPDATE ${table('family_connections')} SET relationship = coalesce($4, relationship), notif_preferences = coalesce($5, notif_preferences),
         updated_at = $6 WHERE parent_id = $1 AND ecosystem_id = $2 AND child_id = $3`,
      [d.parentId, d.ecosystemId, d.childId, d.relationship ?? null, d.notifPreferences ?? null, event.metadata.occurredAt]);
  },
  FamilyMemberUnlinked: async (event, { client, table }) => {
    const d = familyMemberUnlinkedSchema.parse(event.data);
    await client.query(`DELETE FROM ${table('family_connections')} WHERE parent_id = $1 AND ecosystem_id = $2 AND child_id = $3`,
      [d.parentId, d.ecosystemId, d.childId]);
  },
};

export const familiesProjection: Projection = {
  name: FAMILIES_PROJECTION,
  version: 1,
  tables,
  exposedTables: ['family_connections'],
  handlers,
};
