/**
 * The demo a fresh `npm start` shows: one ecosystem with two programs, a platform admin and an
 * ecosystem admin. It acts through the same mutations, policy and commands as a user would, and it
 * is idempotent (looked up by its profile id and the admins' e-mails), so every restart may run it.
 *
 * The demo passwords are fixed and printed on purpose: this is a demo seeding, switched off with
 * SEED_DEMO=false for any real deployment.
 */
import { getEcosystemByProfileId, getProgramsByEcosystemId } from '../projections/tenants/queries';
import { ensureUser } from './auth/seed';
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

export const DEMO_PROFILE_ID = 'demo-district';
export const DEMO_PROGRAMS = ['Math Tutoring', 'Reading Buddies'] as const;

const platformAdmin: DemoLogin = { label: 'Platform admin', email: 'platform.admin@demo.example.org', password: 'demo-platform-admin' };
const ecosystemAdmin: DemoLogin = { label: 'Ecosystem admin', email: 'ecosystem.admin@demo.example.org', password: 'demo-ecosystem-admin' };

export async function seedDemo(services: Services): Promise<DemoLogins> {
  const admin = await ensureUser(services, { email: platformAdmin.email, password: platformAdmin.password, firstName: 'Pat', lastName: 'Admin', platformAdmin: true });
  const ctx = systemContext(services, admin.userId);
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
  await ensureUser(services, {
    email: ecosystemAdmin.email, password: ecosystemAdmin.password, firstName: 'Eli', lastName: 'Rivera',
    roles: [{ ecosystemId, role: 'SUPER_ADMIN' }],
  });
  return { ecosystemId, platformAdmin, ecosystemAdmin, logins: [platformAdmin, ecosystemAdmin] };
}

