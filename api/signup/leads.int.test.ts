/**
 * Sign-up tickets against the real platform (docs/decisions/0045): an admin creates a lead, its
 * link pre-fills the sign-up, signing up uses it once; unknown, used and foreign tickets find nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { DEMO_PROFILE_ID } from '../seed';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { fieldsOf } from '../tenants/testing';
import { deliveriesSettled, MY_APPLICATION, openSignup, signUp, SIGNUP_PASSWORD } from './testing';

let api: TestApi;
let w: World;

const CREATE = 'mutation($input: SignupLeadInput!) { createSignupLead(input: $input) { ticketId url expiresAt } }';
const LOOKUP = 'query($t: String!) { getHubSpotEmailSignup(ticketId: $t) { profileId firstName lastName email phoneNumber applicantType status leadSource } }';
type Ticket = { ticketId: string; url: string; expiresAt: string };

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  await openSignup(api, w.tokens.admin1, w.e1, { parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: false }, tutor: { enabled: true } });
});
afterAll(async () => { await api.stop(); });

const lead = { firstName: 'Lia', lastName: 'Lead', email: 'Lia.Lead@example.com', phoneNumber: '555-333-4444', leadSource: 'Spring fair' };

describe('sign-up tickets', () => {
  it('an admin creates a ticket; its link shows the lead before log-in; signing up uses it once', async () => {
    const created = await api.graphql<{ createSignupLead: Ticket }>(CREATE, { input: { ecosystemId: w.e1, ...lead } }, { token: w.tokens.admin1 });
    expect(created.errors).toBeUndefined();
    const { ticketId, url } = created.data!.createSignupLead;
    expect(url).toBe(`http://localhost:4000/su/h/${ticketId}`);
    const found = await api.graphql<{ getHubSpotEmailSignup: Record<string, unknown> }>(LOOKUP, { t: ticketId });
    expect(found.data!.getHubSpotEmailSignup).toEqual({
      profileId: DEMO_PROFILE_ID, firstName: 'Lia', lastName: 'Lead', email: 'lia.lead@example.com', phoneNumber: '5553334444',
      applicantType: 'PARENT', status: 'OPEN', leadSource: 'Spring fair',
    });
    const res = await signUp(api, { profileId: DEMO_PROFILE_ID, email: 'lia.lead@example.com', firstName: 'Lia', lastName: 'Lead', ticketId });
    expect(res.errors).toBeUndefined();
    const used = await api.graphql<{ getHubSpotEmailSignup: null }>(LOOKUP, { t: ticketId });
    expect(used.data!.getHubSpotEmailSignup).toBeNull();
    const token = await api.login('lia.lead@example.com', SIGNUP_PASSWORD);
    const mine = await api.graphql<{ getMyApplication: { status: string } }>(MY_APPLICATION, { e: w.e1 }, { token });
    expect(mine.data!.getMyApplication.status).toBe('DRAFT');
    await deliveriesSettled(api);
    await refusedUnchanged(api, () => signUp(api, { profileId: DEMO_PROFILE_ID, email: 'someone.else@example.com', ticketId }), 'NOT_FOUND');
  });

  it('unknown and malformed tickets find nothing; a ticket opens sign-up in its own ecosystem only', async () => {
    for (const t of ['x', 'A'.repeat(32), '../../etc']) {
      const res = await api.graphql<{ getHubSpotEmailSignup: null }>(LOOKUP, { t });
      expect(res.data!.getHubSpotEmailSignup).toBeNull();
    }
    const created = await api.graphql<{ createSignupLead: Ticket }>(CREATE, { input: { ecosystemId: w.e1, ...lead, email: 'max@example.com' } }, { token: w.tokens.admin1 });
    await openSignup(api, w.tokens.admin2, w.e2, { parent: { enabled: true } });
    const profile = await api.graphql<{ getEcosystemById: { profileId: string } }>('query($id: ID!) { getEcosystemById(ecosystemId: $id) { profileId } }', { id: w.e2 }, { token: w.tokens.admin2 });
    const foreign = await refusedUnchanged(api, () => signUp(api, { profileId: profile.data!.getEcosystemById.profileId, email: 'max@example.com', ticketId: created.data!.createSignupLead.ticketId }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(foreign))).toEqual(['input.ticketId']);
  });

  it('only the ecosystem\'s admins create tickets; malformed leads are refused per field; nothing is written', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await refusedUnchanged(api, () => api.graphql(CREATE, { input: { ecosystemId: w.e1, ...lead } }, { token }), 'FORBIDDEN');
    }
    await refusedUnchanged(api, () => api.graphql(CREATE, { input: { ecosystemId: w.e1, ...lead } }), 'UNAUTHENTICATED');
    const bad = await refusedUnchanged(api, () => api.graphql(CREATE, { input: { ecosystemId: w.e1, ...lead, email: 'nope', phoneNumber: '12' } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['input.email', 'input.phoneNumber']);
  });
});
