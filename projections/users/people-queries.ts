/**
 * Reads of the people part of the users read model. `ownProfile` is the signed-in person's own,
 * through auth.own_profile (migration 0310), whatever the tenant scope; `findPerson` is anyone as
 * the request's tenant scope shows them: memberships and ecosystem profiles of the tenants in scope.
 */
import { z } from 'zod';
import { grantableRoleSchema, roleStatusSchema, USER_MODES, type RoleGrant, type UserMode } from '../../domain/user/events';
import { EMPTY_ECOSYSTEM_PROFILE, type EcosystemProfile } from '../../domain/user/profile/ecosystem-profile';
import { EMPTY_PROFILE } from '../../domain/user/profile/fields';
import type { StoredProfile } from '../../domain/user/state';
import type { Queryable } from '../../infra/db/pool';

export interface PersonDetails {
  profile: StoredProfile;
  locked: boolean;
  mode: UserMode | null;
  /** Every grant with its status (for another person: those of the tenants in scope). */
  memberships: RoleGrant[];
  ecosystemProfiles: Map<string, EcosystemProfile>;
}

const membershipsSchema = z.array(z.object({
  ecosystemId: z.uuid(), role: grantableRoleSchema, programId: z.uuid().nullable(), status: roleStatusSchema,
}));
const ecosystemProfilesSchema = z.array(z.object({ ecosystemId: z.uuid(), profile: z.record(z.string(), z.unknown()) }));

interface DetailsSqlRow {
  profile: Record<string, unknown>;
  locked: boolean;
  mode: string | null;
  memberships: unknown;
  ecosystem_profiles: unknown;
}

/** A person with nothing recorded yet (or read while the read model is being rebuilt to its people tables). */
export const EMPTY_DETAILS: PersonDetails = { profile: EMPTY_PROFILE, locked: false, mode: null, memberships: [], ecosystemProfiles: new Map() };

function toDetails(r: DetailsSqlRow): PersonDetails {
  const mode = USER_MODES.find((m) => m === r.mode) ?? null;
  return {
    // Stored fields over the empty profile: fields added to the profile later read as empty.
    profile: { ...EMPTY_PROFILE, ...r.profile } as StoredProfile,
    locked: r.locked,
    mode,
    memberships: membershipsSchema.parse(r.memberships),
    ecosystemProfiles: new Map(ecosystemProfilesSchema.parse(r.ecosystem_profiles)
      .map((e) => [e.ecosystemId, { ...EMPTY_ECOSYSTEM_PROFILE, ...e.profile } as EcosystemProfile])),
  };
}

export async function ownProfile(db: Queryable, userId: string): Promise<PersonDetails> {
  const r = await db.query<DetailsSqlRow>('SELECT * FROM auth.own_profile($1)', [userId]);
  return r.rows.length ? toDetails(r.rows[0]) : EMPTY_DETAILS;
}

/** Null when the person is unknown or not visible in the request's tenant scope. */
/**
 * Whether the person has applied to the ecosystem (role status APPLIED, decision 0044): an applicant
 * holds no role in force yet, and still signs in on the ecosystem's own page to follow the application.
 */
export async function hasAppliedTo(db: Queryable, userId: string, ecosystemId: string): Promise<boolean> {
  const r = await db.query<{ applied: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM auth.own_profile($1) p, jsonb_array_elements(p.memberships) m
                     WHERE m->>'ecosystemId' = $2 AND m->>'status' = 'APPLIED') AS applied`, [userId, ecosystemId]);
  return r.rows[0]?.applied ?? false;
}

export async function findPerson(db: Queryable, userId: string): Promise<PersonDetails | null> {
  const r = await db.query<DetailsSqlRow>(
    `SELECT u.profile, u.locked, u.mode,
            coalesce((SELECT jsonb_agg(jsonb_build_object('ecosystemId', m.ecosystem_id, 'role', m.role, 'programId', m.program_id, 'status', m.status)
                                       ORDER BY m.ecosystem_id, m.role, m.program_id)
                        FROM read.user_memberships m WHERE m.user_id = u.id), '[]'::jsonb) AS memberships,
            coalesce((SELECT jsonb_agg(jsonb_build_object('ecosystemId', e.ecosystem_id, 'profile', e.profile) ORDER BY e.ecosystem_id)
                        FROM read.user_ecosystem_profiles e WHERE e.user_id = u.id), '[]'::jsonb) AS ecosystem_profiles
       FROM read.users u WHERE u.id = $1`,
    [userId]);
  return r.rows.length ? toDetails(r.rows[0]) : null;
}
