/**
 * GET /exports/sessions.csv (decision 0060): the summary's filters and sort, streamed across
 * export pages, in the reader's language, formula-safe; refused to anyone but the ecosystem's
 * admins, and bad filters answered with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, type World } from '../people/testing';
import { EXPORT_PAGE } from './export';
import { insertSessions } from './testing';

let api: TestApi;
let w: World;
const MANY = EXPORT_PAGE + 7;
const DAY = 86_400_000;
const base = Date.UTC(2030, 0, 1, 15, 0);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const student = [{ userId: w.ids.student, isLeader: false }];
  await insertSessions(api, [
    { ecosystemId: w.e1, programId: w.p1, subject: '=HYPERLINK("http://x")', startAt: new Date(base - DAY), people: student, sessionType: 'GROUP' },
    ...Array.from({ length: MANY }, (_, i) => ({ ecosystemId: w.e1, programId: w.p2, subject: `Reading ${i}`, startAt: new Date(base + i * 3_600_000) })),
  ]);
  await insertSessions(api, [{ ecosystemId: w.e2, programId: w.p1, subject: 'Elsewhere only', startAt: new Date(base) }]);
}, 60_000);
afterAll(async () => { await api.stop(); });

const get = (params: Record<string, string>, token?: string, language = 'en') =>
  fetch(`${api.url}/exports/sessions.csv?${new URLSearchParams(params).toString()}`,
    { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language } });
const linesOf = async (res: Response) => (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');

describe('GET /exports/sessions.csv', () => {
  it('streams every matching session across export pages in the summary\'s order, in the reader\'s language, with formulas neutralised', async () => {
    const res = await get({ ecosystemId: w.e1, filters: JSON.stringify({ sort: 'START_ASC' }) }, w.tokens.admin1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = await linesOf(res);
    expect(lines[0]).toBe('Date,Start,Time zone,Minutes,Subject,Program,Type,Status,Leaders,Learners,Attended,Cancel reason,Session id');
    expect(lines).toHaveLength(1 + 1 + MANY);
    expect(lines[1]).toMatch(/^2029-12-31,15:00,UTC,60,"'=HYPERLINK\(""http:\/\/x""\)",[^,]*,GROUP,UPCOMING,,Sam Student,0,,/);
    const readings = lines.slice(2).map((l) => Number(/Reading (\d+)/.exec(l)?.[1]));
    expect(readings).toEqual(Array.from({ length: MANY }, (_, i) => i));
    expect(lines.join('\n')).not.toContain('Elsewhere only');
    const es = await linesOf(await get({ ecosystemId: w.e1, filters: JSON.stringify({ searchTerm: 'Reading 1', sort: 'SUBJECT' }) }, w.tokens.admin1, 'es'));
    expect(es[0]).toContain('Fecha,Inicio,Zona horaria');
    expect(es.slice(1).every((l) => l.includes('Reading 1'))).toBe(true);
  });

  it('refuses another ecosystem\'s admin, a student, no token and bad filters, with a clear message', async () => {
    expect((await get({ ecosystemId: w.e1 }, w.tokens.admin2)).status).toBe(403);
    expect((await get({ ecosystemId: w.e1 }, w.tokens.student)).status).toBe(403);
    expect((await get({ ecosystemId: w.e1 })).status).toBe(401);
    const bad = await get({ ecosystemId: w.e1, filters: '{nope' }, w.tokens.admin1);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'BAD_USER_INPUT', error: 'The filters must be a JSON object of session filters.' });
    const badSort = await get({ ecosystemId: w.e1, filters: JSON.stringify({ sort: 'NOPE' }) }, w.tokens.admin1, 'es');
    expect(await badSort.json()).toEqual({ code: 'BAD_USER_INPUT', error: 'Orden desconocido.' });
  });
});
