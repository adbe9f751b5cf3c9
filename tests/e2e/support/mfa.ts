/** Set-up shared by the multi-factor browser tests: a member of the demo ecosystem, which then requires MFA. */
import { expect } from 'vitest';
import { ensureUser } from '../../../api/auth/seed';
import { toGlobalId } from '../../../api/relay';
import { persistedId, type E2eApp } from './app';

export interface Member { email: string; password: string; firstName: string; lastName: string }

/** Adds the member to the demo ecosystem and turns MFAEnabled on there, as a platform admin would in the app. */
export async function memberOfMfaEcosystem(app: E2eApp, member: Member): Promise<void> {
  const demo = app.platform.demo;
  if (!demo) throw new Error('the platform was started without its demo logins');
  await ensureUser(app.platform.services, { ...member, roles: [{ ecosystemId: demo.ecosystemId, role: 'MEMBER' }] });
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('platformAdmin')}`, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ doc_id: persistedId('useEditEcosystemMutation'), variables: { ecosystemId: toGlobalId('Ecosystem', demo.ecosystemId), ecosystemInput: { MFAEnabled: true } } }),
  });
  expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
}
