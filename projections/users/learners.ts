/**
 * Who sees a learner (docs/decisions/0053-who-sees-a-learner.md), as the row-level-security policy
 * of `read.users`: every read that names a person goes through that table, so a resolver written
 * later cannot show a learner to someone the rule keeps them from.
 *
 * A person P is visible to the viewer V through an ecosystem E that the request's scope holds and
 * where P holds a role in any status, when P is not a learner in E, or when V is over P in E.
 * - P is a learner in E: a linked child there (decision 0048), or P holds a learner role there
 *   (STUDENT, PUPIL; any status) and no other role in force.
 * - V is over P in E: V holds in force SUPER_ADMIN, STAFF or TEACHER of E; or PROGRAM_ADMIN or
 *   LEADER of a program P holds a role in; or PARENT of E while linked to P there.
 * Platform admins see every row through the tenant policy (decision 0005), and V always sees V.
 *
 * The links live in the users projection's own `learner_guardians` table, kept from the family
 * events, so that the policy reads only its own build's tables (no view of another projection,
 * which a rebuild of that projection could swap underneath it).
 */
import { familyMemberLinkedSchema, familyMemberUnlinkedSchema } from '../../domain/family/events';
import type { ProjectionHandler } from '../types';

const LEARNER = `('STUDENT', 'PUPIL')`;
const VIEWER = `(SELECT nullif(current_setting('app.viewer_id', true), '')::uuid)`;

export function learnerTables(s: string): string {
  return `
    CREATE TABLE ${s}.learner_guardians (
      ecosystem_id uuid NOT NULL,
      child_id     uuid NOT NULL,
      parent_id    uuid NOT NULL,
      PRIMARY KEY (child_id, ecosystem_id, parent_id)
    );
    COMMENT ON TABLE ${s}.learner_guardians IS 'Family links (parent, child, ecosystem) as the visibility of learners needs them (decision 0053).';
  `;
}

/** P (users.id) is a learner in m.ecosystem_id. */
function learnerIn(s: string): string {
  return `(EXISTS (SELECT 1 FROM ${s}.learner_guardians g WHERE g.child_id = users.id AND g.ecosystem_id = m.ecosystem_id)
     OR (EXISTS (SELECT 1 FROM ${s}.user_memberships l WHERE l.user_id = users.id AND l.ecosystem_id = m.ecosystem_id AND l.role IN ${LEARNER})
         AND NOT EXISTS (SELECT 1 FROM ${s}.user_roles a WHERE a.user_id = users.id AND a.ecosystem_id = m.ecosystem_id AND a.role NOT IN ${LEARNER})))`;
}

/**
 * The ecosystems where the viewer is over every learner (SUPER_ADMIN, STAFF, TEACHER in force):
 * one sub-select that PostgreSQL runs once per statement, so that for them the rule costs a
 * comparison per row instead of a look-up.
 */
function overAllIn(s: string): string {
  return `(SELECT coalesce(array_agg(v.ecosystem_id), '{}') FROM ${s}.user_roles v
             WHERE v.user_id = ${VIEWER} AND v.role IN ('SUPER_ADMIN', 'STAFF', 'TEACHER'))::uuid[]`;
}

/** The viewer leads a program of P (users.id), or is P's linked parent, in m.ecosystem_id. */
function viewerOver(s: string): string {
  return `EXISTS (SELECT 1 FROM ${s}.user_roles v WHERE v.user_id = ${VIEWER} AND v.ecosystem_id = m.ecosystem_id AND (
       (v.role IN ('PROGRAM_ADMIN', 'LEADER') AND EXISTS (SELECT 1 FROM ${s}.user_memberships p
             WHERE p.user_id = users.id AND p.ecosystem_id = m.ecosystem_id AND p.program_id = v.program_id))
       OR (v.role = 'PARENT' AND EXISTS (SELECT 1 FROM ${s}.learner_guardians f
             WHERE f.child_id = users.id AND f.ecosystem_id = m.ecosystem_id AND f.parent_id = v.user_id))))`;
}

/** The policy of `users` for readers of a tenant scope (user_memberships and user_roles are themselves scoped). */
export function visibilityPolicy(s: string): string {
  return `
    CREATE POLICY visible_through_roles ON ${s}.users FOR SELECT USING (
      -- Platform admins see every row through the tenant policy already: a constant here spares
      -- them the look-ups below (PostgreSQL gives no order to the two policies' OR).
      (SELECT coalesce(current_setting('app.platform_admin', true) = 'on', false))
      OR users.id = ${VIEWER}
      OR EXISTS (SELECT 1 FROM ${s}.user_memberships m WHERE m.user_id = users.id
                   AND (m.ecosystem_id = ANY (${overAllIn(s)}) OR NOT ${learnerIn(s)} OR ${viewerOver(s)})));
  `;
}

export const learnerHandlers: Record<string, ProjectionHandler> = {
  FamilyMemberLinked: async (event, { client, table }) => {
    const d = familyMemberLinkedSchema.parse(event.data);
    await client.query(`INSERT INTO ${table('learner_guardians')} (ecosystem_id, child_id, parent_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [d.ecosystemId, d.childId, d.parentId]);
  },
  FamilyMemberUnlinked: async (event, { client, table }) => {
    const d = familyMemberUnlinkedSchema.parse(event.data);
    await client.query(`DELETE FROM ${table('learner_guardians')} WHERE child_id = $1 AND ecosystem_id = $2 AND parent_id = $3`,
      [d.childId, d.ecosystemId, d.parentId]);
  },
};
