/**
 * Scheduled program-level reports over real HTTP: platform admins list, create, update and
 * archive them; everyone else (an ecosystem's own admin included) is refused, and refused or
 * malformed input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let world: World;

const FIELDS = `{ _id reportName reportType recipientEmail language ecosystems programs
  schedule { frequency dayOfWeek dayOfMonth dailySchedule { timeOfDay } timeZoneId } startDay endDay archived error lastRunAt nextRunAt }`;
const LIST = `query($archived: Boolean) { getAllScheduledProgramLevelReports(archived: $archived) ${FIELDS} }`;
const CREATE = `mutation($input: CreateScheduledProgramLevelReportsInput!) { createScheduledProgramLevelReports(input: $input) ${FIELDS} }`;
const UPDATE = `mutation($input: UpdateScheduledProgramLevelReportsInput!) { updateScheduledProgramLevelReports(input: $input) ${FIELDS} }`;
const TOGGLE = 'mutation($id: ID!) { toggleArchiveScheduledProgramLevelReports(input: { _id: $id }) { _id archived } }';

let keys = 0;
const key = () => ({ 'idempotency-key': `scheduled-reports-${++keys}` });
const schedule = (extra: Record<string, unknown> = {}) => ({ frequency: 'WEEKLY', dayOfWeek: 1, timeOfDay: 8, timeZoneId: 'America/New_York', ...extra });
const input = (extra: Record<string, unknown> = {}) => ({
  reportName: 'Weekly sessions', recipientEmail: ['Lead@Example.com', 'lead@example.com', 'ops@example.org'], language: 'es',
  ecosystemId: world.e1, programs: [world.p1, world.p2], schedule: schedule(), startDay: '2026-01-01', endDay: null, ...extra,
});
type Report = {
  _id: string; reportName: string; recipientEmail: string[]; archived: boolean; error: string | null; nextRunAt: string | null;
  schedule: { frequency: string; dayOfWeek: number | null; dailySchedule: { timeOfDay: number }; timeZoneId: string };
};
const platform = (extra: Record<string, string> = {}) => ({ token: world.tokens.platformAdmin, headers: { ...key(), ...extra } });

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
});
afterAll(async () => { await api?.stop(); });

async function create(extra: Record<string, unknown> = {}): Promise<Report> {
  const res = await api.graphql<{ createScheduledProgramLevelReports: Report }>(CREATE, { input: input(extra) }, platform());
  expect(res.errors).toBeUndefined();
  return res.data!.createScheduledProgramLevelReports;
}

describe('scheduled program-level reports', () => {
  it('a platform admin creates one (once per Idempotency-Key), updates it and lists it', async () => {
    const headers = key();
    const created = await api.graphql<{ createScheduledProgramLevelReports: Report }>(CREATE, { input: input() }, { token: world.tokens.platformAdmin, headers });
    expect(created.errors).toBeUndefined();
    const report = created.data!.createScheduledProgramLevelReports;
    expect(report).toMatchObject({
      reportName: 'Weekly sessions', recipientEmail: ['lead@example.com', 'ops@example.org'], language: 'es', ecosystems: [world.e1],
      programs: [world.p1, world.p2], archived: false, error: null, lastRunAt: null,
      schedule: { frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, dailySchedule: { timeOfDay: 8 }, timeZoneId: 'America/New_York' },
    });
    // The next run is a Monday at 08:00 in New York (13:00 or 12:00 UTC by the season).
    expect(new Date(report.nextRunAt!).getUTCDay()).toBe(1);
    expect([12, 13]).toContain(new Date(report.nextRunAt!).getUTCHours());

    const events = await api.eventCount();
    const again = await api.graphql<{ createScheduledProgramLevelReports: Report }>(CREATE, { input: input() }, { token: world.tokens.platformAdmin, headers });
    expect(again.data?.createScheduledProgramLevelReports._id).toBe(report._id);
    expect(await api.eventCount()).toBe(events);

    const moved = await api.graphql<{ updateScheduledProgramLevelReports: Report }>(UPDATE,
      { input: { ...input({ reportName: 'Monthly sessions', programs: [world.p1], schedule: schedule({ frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: 31, timeOfDay: 23, timeZoneId: 'Asia/Kolkata' }) }), _id: report._id } }, platform());
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.updateScheduledProgramLevelReports).toMatchObject({
      _id: report._id, reportName: 'Monthly sessions', programs: [world.p1], schedule: { frequency: 'MONTHLY', dayOfMonth: 31, dailySchedule: { timeOfDay: 23 } },
    });
    const listed = await api.graphql<{ getAllScheduledProgramLevelReports: Report[] }>(LIST, {}, { token: world.tokens.platformAdmin });
    expect(listed.data?.getAllScheduledProgramLevelReports.map((r) => r._id)).toContain(report._id);
  });

  it('archives and unarchives: an archived report has no next run and lists among the archived', async () => {
    const report = await create({ reportName: 'To archive' });
    const archived = await api.graphql<{ toggleArchiveScheduledProgramLevelReports: { _id: string; archived: boolean } }>(TOGGLE, { id: report._id }, platform());
    expect(archived.data?.toggleArchiveScheduledProgramLevelReports).toEqual({ _id: report._id, archived: true });
    const list = await api.graphql<{ getAllScheduledProgramLevelReports: Report[] }>(LIST, { archived: true }, { token: world.tokens.platformAdmin });
    expect(list.data?.getAllScheduledProgramLevelReports.find((r) => r._id === report._id)).toMatchObject({ archived: true, nextRunAt: null });
    const active = await api.graphql<{ getAllScheduledProgramLevelReports: Report[] }>(LIST, { archived: false }, { token: world.tokens.platformAdmin });
    expect(active.data?.getAllScheduledProgramLevelReports.map((r) => r._id)).not.toContain(report._id);
    const back = await api.graphql<{ toggleArchiveScheduledProgramLevelReports: { archived: boolean } }>(TOGGLE, { id: report._id }, platform());
    expect(back.data?.toggleArchiveScheduledProgramLevelReports.archived).toBe(false);
  });

  it('is for platform admins only: ecosystem admins (of this or another ecosystem) and everyone else are refused, writing nothing', async () => {
    const report = await create({ reportName: 'Private' });
    for (const token of [world.tokens.admin1, world.tokens.admin2, world.tokens.programAdmin, world.tokens.student, world.tokens.parent]) {
      const listed = await api.graphql(LIST, {}, { token });
      expect(codeOf(listed)).toBe('FORBIDDEN');
      expect(JSON.stringify(listed.data ?? null)).not.toContain(report._id);
      await refusedUnchanged(api, () => api.graphql(CREATE, { input: input() }, { token, headers: key() }), 'FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(UPDATE, { input: { ...input(), _id: report._id } }, { token, headers: key() }), 'FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(TOGGLE, { id: report._id }, { token, headers: key() }), 'FORBIDDEN');
    }
    expect(codeOf(await api.graphql(LIST))).toBe('UNAUTHENTICATED');
  });

  it('refuses malformed input with the field\'s message in the reader\'s language, writing nothing', async () => {
    const bad = async (extra: Record<string, unknown>, code = 'BAD_USER_INPUT') => refusedUnchanged(api, () => api.graphql(CREATE, { input: input(extra) }, platform()), code);
    await bad({ reportName: ' ' });
    await bad({ recipientEmail: [] });
    await bad({ recipientEmail: ['not-an-address'] });
    await bad({ programs: [] });
    await bad({ schedule: schedule({ timeOfDay: 24 }) });
    await bad({ schedule: schedule({ timeOfDay: -1 }) });
    await bad({ schedule: schedule({ timeZoneId: 'Mars/Olympus' }) });
    await bad({ schedule: schedule({ dayOfWeek: null }) });
    await bad({ schedule: schedule({ dayOfWeek: 8 }) });
    await bad({ schedule: schedule({ frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: 32 }) });
    await bad({ schedule: schedule({ frequency: 'DAILY' }) });
    await bad({ startDay: '2026-05-02', endDay: '2026-05-01' });
    await bad({ ecosystemId: 'not-an-id' });
    await bad({ ecosystemId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND');
    // Programs of another ecosystem than the report's.
    await bad({ ecosystemId: world.e2 });
    await refusedUnchanged(api, () => api.graphql(UPDATE, { input: { ...input(), _id: 'not-an-id' } }, platform()), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(UPDATE, { input: { ...input(), _id: '00000000-0000-4000-8000-000000000000' } }, platform()), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(TOGGLE, { id: '00000000-0000-4000-8000-000000000000' }, platform()), 'NOT_FOUND');
    const es = await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ recipientEmail: ['nadie'] }) }, platform({ 'accept-language': 'es' })), 'BAD_USER_INPUT');
    expect(JSON.stringify(es.errors)).toContain('\\"nadie\\" no es una dirección de correo electrónico válida.');
    const zone = await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ schedule: schedule({ timeZoneId: 'Nowhere' }) }) }, platform()), 'BAD_USER_INPUT');
    expect(JSON.stringify(zone.errors)).toContain('Choose a time zone from the list');
    // Field messages name the input's fields, as the form knows them.
    const hour = await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ schedule: schedule({ timeOfDay: 24 }) }) }, platform()), 'BAD_USER_INPUT');
    expect(JSON.stringify(hour.errors)).toContain('"field":"input.schedule.timeOfDay"');
  });
});
