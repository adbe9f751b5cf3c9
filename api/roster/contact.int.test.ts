/**
 * An admin's change of a person's e-mail and phone (decision 0049): the e-mail stays unique, the
 * person logs in with the new address, is told (masked) at both addresses, and the audit trail
 * shows it; forbidden and malformed input answers its code and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, PASSWORD, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let w: World;
let cal: { userId: string; token: string };
let both: { userId: string; token: string };

const EMAIL = 'mutation($id: ID!, $e: ID, $email: String!) { adminSaveEcosystemUserEmail(userId: $id, ecosystemId: $e, email: $email) { id email { address } } }';
const PHONE = 'mutation($id: ID!, $e: ID, $p: String!) { adminSaveEcosystemUserPhone(userId: $id, ecosystemId: $e, phoneNumber: $p) { profile { phoneNumber } } }';
const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);

async function told(recipient: string): Promise<Array<{ kind: string; text: string }>> {
  const schema = (await api.db.ownerPool.query<{ s: string }>(`SELECT schema_name AS s FROM projections.checkpoints WHERE name = 'messages' AND status = 'serving'`)).rows[0].s;
  const r = await api.db.ownerPool.query<{ kind: string; text: string }>(
    `SELECT m.kind, b.text_body AS text FROM read.messages m JOIN "${schema}".message_bodies b ON b.id = m.id WHERE m.recipient = $1 ORDER BY m.created_at`, [recipient]);
  return r.rows;
}

/** Delivery goes on after a mutation answers (to the outbox here): wait for it before counting events. */
async function settled(): Promise<void> {
  await vi.waitFor(async () => {
    const r = await api.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM read.messages WHERE status IN ('QUEUED', 'SENDING')`);
    expect(r.rows[0].n).toBe(0);
  }, { timeout: 15_000 });
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  cal = await addPerson(api, 'cal.contact@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }]);
  both = await addPerson(api, 'bo.both@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }, { ecosystemId: w.e2, role: 'MEMBER' }]);
}, 60_000);
afterAll(async () => { await api.stop(); });

describe('adminSaveEcosystemUserEmail', () => {
  it('moves the account to the new address, which logs in; the person is told at both, masked', async () => {
    const res = await api.graphql<{ adminSaveEcosystemUserEmail: { email: { address: string } } }>(EMAIL,
      { id: cal.userId, e: w.e1, email: ' Cal.New@Example.com ' }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminSaveEcosystemUserEmail.email.address).toBe('cal.new@example.com');
    expect(await api.login('cal.new@example.com', PASSWORD)).toBeTruthy();
    await expect(api.login('cal.contact@example.com', PASSWORD)).rejects.toThrow();
    for (const address of ['cal.contact@example.com', 'cal.new@example.com']) {
      const messages = await told(address);
      expect(messages.map((m) => m.kind)).toEqual(['CONTACT_CHANGED']);
      expect(messages[0].text).toContain('c•••@example.com');
      expect(messages[0].text).not.toContain('cal.new@');
    }
  });

  it('keeps e-mails unique and frees the old one: a taken address is a conflict, the freed one can be taken', async () => {
    const taken = await unchanged(() => api.graphql(EMAIL, { id: cal.userId, e: w.e1, email: 'pat.parent@example.com' }, { token: w.tokens.admin1 }), 'CONFLICT');
    expect(taken.errors![0].message).toBe('An account with this email already exists.');
    const reuse = await api.graphql(EMAIL, { id: w.ids.parent, e: w.e1, email: 'cal.contact@example.com' }, { token: w.tokens.admin1 });
    expect(reuse.errors).toBeUndefined();
  });

  it('records the change in the audit trail with the admin as actor', async () => {
    await vi.waitFor(async () => {
      const r = await api.db.ownerPool.query<{ actor_role: string }>(`SELECT actor_role FROM read.breadcrumbs WHERE event_type = 'UserEmailChanged' AND target_id = $1`, [cal.userId]);
      expect(r.rows.map((x) => x.actor_role)).toEqual(['SUPER_ADMIN']);
    }, { timeout: 10_000 });
  });

  it('refuses a malformed address, others\' admins, parents, a person of another ecosystem too, writing nothing', async () => {
    await settled();
    const bad = await unchanged(() => api.graphql(EMAIL, { id: cal.userId, e: w.e1, email: 'not-an-email' }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad))).toEqual(['email']);
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(EMAIL, { id: cal.userId, e: w.e1, email: 'x.y@example.com' }, { token }), 'FORBIDDEN');
    }
    await unchanged(() => api.graphql(EMAIL, { id: both.userId, e: w.e1, email: 'x.y@example.com' }, { token: w.tokens.admin1 }), 'FORBIDDEN');
  });
});

describe('adminSaveEcosystemUserPhone', () => {
  it('sets the number and tells the person by e-mail, masked', async () => {
    const res = await api.graphql<{ adminSaveEcosystemUserPhone: { profile: { phoneNumber: string } } }>(PHONE, { id: cal.userId, e: w.e1, p: '(555) 867-5309' }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminSaveEcosystemUserPhone.profile.phoneNumber).toBe('5558675309');
    const messages = await told('cal.new@example.com');
    expect(messages.at(-1)!.text).toContain('(•••) •••-5309');
  });

  it('refuses a malformed number and others\' admins, writing nothing', async () => {
    await settled();
    const bad = await unchanged(() => api.graphql(PHONE, { id: cal.userId, e: w.e1, p: '12345' }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad))).toEqual(['phoneNumber']);
    await unchanged(() => api.graphql(PHONE, { id: cal.userId, e: w.e1, p: '5551112222' }, { token: w.tokens.admin2 }), 'FORBIDDEN');
  });
});
