/**
 * An analyst's personal log-in, as `npm run analyst -- NAME` makes it, used over TCP with its
 * password exactly as an analyst would: reads every tenant's read models, writes nothing, never
 * sees the event log or credentials; the command refuses to touch any other role.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { AnalystLoginError, analystUrl, setAnalystLogin, type AnalystLogin } from './analyst';

let api: TestApi;
const made: string[] = [];
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => {
  for (const name of made) await api.db.ownerPool.query(`DROP ROLE IF EXISTS ${name}`);
  await api.stop();
});

async function newLogin(): Promise<AnalystLogin> {
  const login = await setAnalystLogin(api.db.ownerPool, `analyst_${randomBytes(4).toString('hex')}`);
  made.push(login.name);
  return login;
}

async function asAnalyst<T>(login: AnalystLogin, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: analystUrl(api.db.url, login) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('an analyst log-in', () => {
  it('reads every tenant\'s read models and how fresh they are', async () => {
    const login = await newLogin();
    expect(login.created).toBe(true);
    await asAnalyst(login, async (c) => {
      const ecosystems = await c.query<{ profile_id: string }>('SELECT * FROM read.ecosystems');
      expect(ecosystems.rows.map((r) => r.profile_id)).toContain('demo-district');
      expect((await c.query('SELECT name FROM read.programs')).rowCount).toBeGreaterThanOrEqual(2);
      expect((await c.query(`SELECT name FROM projections.checkpoints WHERE status = 'serving'`)).rowCount).toBeGreaterThan(0);
    });
  });

  it('writes nothing and cannot read the event log', async () => {
    const login = await newLogin();
    await asAnalyst(login, async (c) => {
      await expect(c.query(`DELETE FROM read.programs`)).rejects.toMatchObject({ code: '42501' });
      await expect(c.query('SELECT count(*) FROM public.events')).rejects.toMatchObject({ code: '42501' });
      await expect(c.query('CREATE TABLE public.mine (x int)')).rejects.toMatchObject({ code: '42501' });
    });
  });

  it('gets a new password when asked again; the old one stops working', async () => {
    const first = await newLogin();
    const again = await setAnalystLogin(api.db.ownerPool, first.name);
    expect(again).toMatchObject({ name: first.name, created: false });
    expect(again.password).not.toBe(first.password);
    await expect(asAnalyst(first, async () => undefined)).rejects.toMatchObject({ code: '28P01' });
    expect(await asAnalyst(again, async (c) => (await c.query('SELECT current_user AS u')).rows[0].u)).toBe(first.name);
  });

  it('refuses other roles and malformed names, changing nothing', async () => {
    for (const name of ['app_api', 'postgres', 'analyst', 'pg_monitor', 'Robert"; DROP', 'x']) {
      await expect(setAnalystLogin(api.db.ownerPool, name)).rejects.toThrow(AnalystLoginError);
    }
    const owner = `owner_${randomBytes(4).toString('hex')}`;
    made.push(owner);
    await api.db.ownerPool.query(`CREATE ROLE ${owner} LOGIN CREATEDB IN ROLE analyst`);
    await expect(setAnalystLogin(api.db.ownerPool, owner)).rejects.toThrow(/is not an analyst log-in/);
    // app_api still connects with its password
    expect((await api.db.apiPool.query('SELECT current_user AS u')).rows[0].u).toBe('app_api');
  });
});
