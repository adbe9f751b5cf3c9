/**
 * The admins' list of sign-up leads against the real platform (docs/decisions/0045, amendment):
 * newest first, paged by cursor, by status (open, used, expired by the clock), with the sign-up page
 * link while open; another ecosystem's admin, a parent and a program admin find nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { DEMO_PROFILE_ID } from '../seed';
import { buildWorld, type World } from '../people/testing';
import { codeOf, fieldsOf } from '../tenants/testing';
import { openSignup, signUp } from './testing';

let api: TestApi;
let w: World;
let realClock: () => Date;

const CREATE = 'mutation($input: SignupLeadInput!) { createSignupLead(input: $input) { ticketId } }';
const LEADS = `query($e: ID!, $status: SignupLeadStatus, $first: Int, $after: String) {
  signupLeads(ecosystemId: $e, status: $status, first: $first, after: $after) {
    edges { cursor node { firstName lastName email phoneNumber applicantType clientProfileType subject tutorProfileId status leadSource signupUrl } }
    pageInfo { hasNextPage endCursor }
  }
}`;
type Lead = { firstName: string; status: string; signupUrl: string | null } & Record<string, unknown>;
type Page = { signupLeads: { edges: Array<{ cursor: string; node: Lead }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

const list = async (token: string, variables: Record<string, unknown>) => api.graphql<Page>(LEADS, { e: w.e1, ...variables }, { token });
const names = (r: { data?: Page | null }) => r.data!.signupLeads.edges.map((e) => e.node.firstName);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  realClock = api.platform.services.clock;
  await openSignup(api, w.tokens.admin1, w.e1, { parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: false } });
  const tickets: string[] = [];
  for (const firstName of ['Ada', 'Ben', 'Cy']) {
    const res = await api.graphql<{ createSignupLead: { ticketId: string } }>(CREATE, { input: {
      ecosystemId: w.e1, firstName, lastName: 'Lead', email: `${firstName.toLowerCase()}.lead@example.com`, phoneNumber: '555-333-4444',
      clientProfileType: 'PARENT', subject: 'Algebra', leadSource: 'Spring fair',
    } }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    tickets.push(res.data!.createSignupLead.ticketId);
  }
  const used = await signUp(api, { profileId: DEMO_PROFILE_ID, email: 'ben.lead@example.com', firstName: 'Ben', lastName: 'Lead', ticketId: tickets[1] });
  expect(used.errors).toBeUndefined();
  // signUp answers before the read model has the lead as used (it waits for no projection).
  await vi.waitFor(async () => expect(names(await list(w.tokens.admin1, { status: 'USED' }))).toEqual(['Ben']), { timeout: 10_000 });
});
afterEach(() => { api.platform.services.clock = realClock; });
afterAll(async () => { await api.stop(); });

describe('the admins\' list of sign-up leads', () => {
  it('lists the ecosystem\'s leads newest first with their fields, the sign-up page while open, and pages by cursor', async () => {
    const all = await list(w.tokens.admin1, {});
    expect(all.errors).toBeUndefined();
    expect(names(all)).toEqual(['Cy', 'Ben', 'Ada']);
    expect(all.data!.signupLeads.edges[0].node).toEqual({
      firstName: 'Cy', lastName: 'Lead', email: 'cy.lead@example.com', phoneNumber: '5553334444', applicantType: 'PARENT', clientProfileType: 'PARENT',
      subject: 'Algebra', tutorProfileId: null, status: 'OPEN', leadSource: 'Spring fair', signupUrl: `http://localhost:4000/s/${DEMO_PROFILE_ID}/signup`,
    });
    expect(all.data!.signupLeads.edges[1].node).toMatchObject({ firstName: 'Ben', status: 'USED', signupUrl: null });

    const first = await list(w.tokens.admin1, { first: 2 });
    expect(names(first)).toEqual(['Cy', 'Ben']);
    expect(first.data!.signupLeads.pageInfo.hasNextPage).toBe(true);
    const second = await list(w.tokens.admin1, { first: 2, after: first.data!.signupLeads.pageInfo.endCursor });
    expect(names(second)).toEqual(['Ada']);
    expect(second.data!.signupLeads.pageInfo.hasNextPage).toBe(false);
  });

  it('filters by status; an open lead past its 30 days reads as expired', async () => {
    expect(names(await list(w.tokens.admin1, { status: 'OPEN' }))).toEqual(['Cy', 'Ada']);
    expect(names(await list(w.tokens.admin1, { status: 'USED' }))).toEqual(['Ben']);
    expect(names(await list(w.tokens.admin1, { status: 'EXPIRED' }))).toEqual([]);
    api.platform.services.clock = () => new Date(realClock().getTime() + 31 * 86_400_000);
    expect(names(await list(w.tokens.admin1, { status: 'EXPIRED' }))).toEqual(['Cy', 'Ada']);
    expect(names(await list(w.tokens.admin1, { status: 'OPEN' }))).toEqual([]);
    const all = await list(w.tokens.admin1, {});
    expect(all.data!.signupLeads.edges.map((e) => [e.node.firstName, e.node.status, e.node.signupUrl])).toEqual([
      ['Cy', 'EXPIRED', null], ['Ben', 'USED', null], ['Ada', 'EXPIRED', null],
    ]);
  });

  it('platform admins see them; another ecosystem\'s admin, a parent, a program admin and a student are refused; signed out is unauthenticated', async () => {
    expect(names(await list(w.tokens.platformAdmin, {}))).toEqual(['Cy', 'Ben', 'Ada']);
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin, w.tokens.student]) {
      const res = await list(token, {});
      expect(codeOf(res)).toBe('FORBIDDEN');
      expect(res.data?.signupLeads ?? null).toBeNull();
    }
    expect(codeOf(await api.graphql(LEADS, { e: w.e1 }))).toBe('UNAUTHENTICATED');
  });

  it('another ecosystem\'s own list holds none of these leads, even for the platform admin', async () => {
    expect(names(await list(w.tokens.admin2, { e: w.e2 }))).toEqual([]);
    expect(names(await list(w.tokens.platformAdmin, { e: w.e2 }))).toEqual([]);
  });

  it('answers malformed arguments per field', async () => {
    expect(Object.keys(fieldsOf(await list(w.tokens.admin1, { e: 'nope' })))).toEqual(['ecosystemId']);
    expect(Object.keys(fieldsOf(await list(w.tokens.admin1, { after: 'bm90IGEgY3Vyc29y' })))).toEqual(['after']);
    expect(Object.keys(fieldsOf(await list(w.tokens.admin1, { first: 1000 })))).toEqual(['first']);
  });
});
