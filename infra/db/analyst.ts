/**
 * Personal log-ins for analysts (projections/README.md): a LOGIN role per person, member of the
 * read-only `analyst` role and nothing else, so each person's queries are their own in the server's
 * views and a departure is one DROP ROLE. The password is random, set as a SCRAM verifier (never in
 * plain text on the server), and shown once to the operator who asked for it.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './pool';
import { scramVerifier } from './scram';

export const ANALYST_ROLE = 'analyst';
const NAME = /^[a-z][a-z0-9_]{1,62}$/;
const RESERVED = new Set(['postgres', 'app_api', ANALYST_ROLE, 'public']);

export class AnalystLoginError extends Error {}

export interface AnalystLogin {
  name: string;
  password: string;
  created: boolean;
}

interface RoleRow {
  unsuitable: boolean;
  analyst_only: boolean;
}

/** An existing role may get a new password only if it is one of ours: an analyst log-in without any power. */
async function existingRole(db: Queryable, name: string): Promise<RoleRow | null> {
  const r = await db.query<RoleRow>(`
    SELECT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolbypassrls OR r.rolreplication OR NOT r.rolcanlogin) AS unsuitable,
           ARRAY(SELECT DISTINCT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid) = ARRAY[$2::name] AS analyst_only
      FROM pg_roles r WHERE r.rolname = $1`, [name, ANALYST_ROLE]);
  return r.rows[0] ?? null;
}

/** Creates the analyst log-in NAME, or gives an existing one a new password. */
export async function setAnalystLogin(db: Queryable, name: string): Promise<AnalystLogin> {
  if (!NAME.test(name) || RESERVED.has(name) || name.startsWith('pg_')) {
    throw new AnalystLoginError(`"${name}" cannot be an analyst log-in: use 2 to 63 lower-case letters, digits or _, starting with a letter (not postgres, app_api, analyst or pg_...).`);
  }
  const password = randomBytes(18).toString('base64url');
  const verifier = scramVerifier(password);
  const role = await existingRole(db, name);
  if (role && (role.unsuitable || !role.analyst_only)) {
    throw new AnalystLoginError(`The database role "${name}" exists and is not an analyst log-in; its password was left alone. Choose another name.`);
  }
  // NAME admits no quote and the verifier is base64 and `$:`, so both are safe inside the statement.
  if (role) await db.query(`ALTER ROLE ${name} PASSWORD '${verifier}'`);
  else await db.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION IN ROLE ${ANALYST_ROLE} PASSWORD '${verifier}'`);
  return { name, password, created: !role };
}

/** The owner's connection URL with the analyst's credentials in it. */
export function analystUrl(ownerUrl: string, login: AnalystLogin): string {
  const u = new URL(ownerUrl);
  u.username = login.name;
  u.password = login.password;
  return u.toString();
}
