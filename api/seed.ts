/**
 * The accounts and demo a start creates (decision 0011): the platform admin, and (when seeding the
 * demo) one ecosystem with two programs and its ecosystem admin. It acts through the same
 * mutations, policy and commands as a user would, and it is idempotent (looked up by the demo's
 * profile id and the admins' e-mails), so every restart runs it.
 *
 * Passwords: `npm start` gives each new account a random password, returned once to be printed and
 * never stored in plain text; later starts leave it alone, except that an account still having one
 * of the published demo passwords (from a version that seeded them) gets a random one and loses its
 * sessions. Only `npm run dev` and tests ask for the published, fixed passwords.
 */
import { randomBytes } from 'node:crypto';
import { getEcosystemByProfileId, getProgramsByEcosystemId } from '../projections/tenants/queries';
import { ensureUser, type EnsureUserInput } from './auth/seed';
import { createEcosystemMutation } from './tenants/ecosystem-mutations';
import { createProgramMutation } from './tenants/program-mutations';
import { systemContext } from './request-context';
import type { Services } from './services';

export interface DemoLogin {
  label: string;
  email: string;
  password: string;
}

export interface DemoLogins {
  ecosystemId: string;
  platformAdmin: DemoLogin;
  ecosystemAdmin: DemoLogin;
  logins: DemoLogin[];
}

export type PasswordMode = 'fixed' | 'random';

export interface SeedResult {
  /** Log-ins whose password this start set: print them (once, with random passwords). */
  newLogins: DemoLogin[];
  /** The demo with working credentials, when this start knows every password (fixed, or just created). */
  demo: DemoLogins | null;
}

export const DEMO_PROFILE_ID = 'demo-district';
export const DEMO_PROGRAMS = ['Math Tutoring', 'Reading Buddies'] as const;
export const DEMO_ECOSYSTEM_ADMIN_EMAIL = 'ecosystem.admin@demo.example.org';
/** Published in earlier READMEs and still used by `npm run dev` and tests: never kept in production. */
export const PUBLISHED_PASSWORDS = { platformAdmin: 'demo-platform-admin', ecosystemAdmin: 'demo-ecosystem-admin' } as const;

export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}

type Who = keyof typeof PUBLISHED_PASSWORDS;

/** One account of the seeding, with its password chosen by mode; its log-in when this call set the password. */
async function account(services: Services, who: Who, mode: PasswordMode, input: Omit<EnsureUserInput, 'password' | 'existing'>): Promise<{ userId: string; login: DemoLogin | null }> {
  const published = PUBLISHED_PASSWORDS[who];
  const password = mode === 'fixed' ? published : randomPassword();
  const ensured = await ensureUser(services, { ...input, password, existing: mode === 'fixed' ? 'reset' : { replaceIf: published } });
  // A published password replaced: whoever logged in with it is logged out everywhere.
  if (ensured.passwordSet && !ensured.created && mode === 'random') await services.auth.logoutEverywhere(ensured.userId);
  const label = who === 'platformAdmin' ? 'Platform admin' : 'Ecosystem admin';
  return { userId: ensured.userId, login: ensured.passwordSet || mode === 'fixed' ? { label, email: input.email, password } : null };
}

async function seedDemoEcosystem(services: Services, adminId: string): Promise<string> {
  const ctx = systemContext(services, adminId);
  let ecosystem = await ctx.read((c) => getEcosystemByProfileId(c, DEMO_PROFILE_ID));
  if (!ecosystem) {
    ecosystem = await createEcosystemMutation(ctx, {
      name: 'Riverside Unified School District', shortName: 'Riverside USD', profileId: DEMO_PROFILE_ID,
      type: 'ECOSYSTEM', organizationType: 'PUBLIC_DISTRICT', city: 'Riverside', state: 'CA', isDemoEcosystem: true,
    });
  }
  const ecosystemId = ecosystem.id;
  const existing = new Set((await ctx.read((c) => getProgramsByEcosystemId(c, ecosystemId, { limit: 100, after: null, includeArchived: true }))).map((p) => p.name));
  for (const name of DEMO_PROGRAMS) {
    if (!existing.has(name)) await createProgramMutation(ctx, { ecosystemId, name });
  }
  return ecosystemId;
}

export async function seedAccounts(services: Services, o: { demo: boolean; passwords: PasswordMode }): Promise<SeedResult> {
  const admin = await account(services, 'platformAdmin', o.passwords, {
    email: services.config.PLATFORM_ADMIN_EMAIL, firstName: 'Pat', lastName: 'Admin', platformAdmin: true,
  });
  if (!o.demo) return { newLogins: admin.login ? [admin.login] : [], demo: null };
  const ecosystemId = await seedDemoEcosystem(services, admin.userId);
  const ecoAdmin = await account(services, 'ecosystemAdmin', o.passwords, {
    email: DEMO_ECOSYSTEM_ADMIN_EMAIL, firstName: 'Eli', lastName: 'Rivera', roles: [{ ecosystemId, role: 'SUPER_ADMIN' }],
  });
  const newLogins = [admin.login, ecoAdmin.login].filter((l): l is DemoLogin => l !== null);
  const demo = admin.login && ecoAdmin.login
    ? { ecosystemId, platformAdmin: admin.login, ecosystemAdmin: ecoAdmin.login, logins: [admin.login, ecoAdmin.login] }
    : null;
  return { newLogins, demo };
}
