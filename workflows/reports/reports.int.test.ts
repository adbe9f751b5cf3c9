/**
 * Scheduled reports on the embedded engine's activities, with the tick driven by an injected clock
 * (moved, not waited): a weekly report at 08:00 New York time fires at that local hour on both
 * sides of the March change (13:00 UTC, then 12:00 UTC), only between its startDay and endDay, and
 * mails each recipient once per fire, through the message pipeline to the local SMTP capture, an
 * HTML summary with its chart and a CSV attachment, in the report's language. A run that fails
 * shows on the report's error field, in the reader's language.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { booking, person } from '../../projections/sessions/testing';
import { writeBooking } from '../../projections/sessions/testing';
import { addPerson, buildWorld, type World } from '../../api/people/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { runScheduledReportsFlow } from '../flows/scheduledReports';
import { createReportActivities, type ReportReads } from './activities';
import { reportReads } from './reads';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
let tutorId: string;

const CREATE = `mutation($input: CreateScheduledProgramLevelReportsInput!) { createScheduledProgramLevelReports(input: $input) { _id } }`;
const LIST = '{ getAllScheduledProgramLevelReports { _id error lastRunAt } }';
const QUARTER = 15 * 60_000;
let keys = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, SCHEDULED_REPORTS_CRON: 'off' });
  world = await buildWorld(api);
  tutorId = (await addPerson(api, 'tina.tutor@example.com', [{ ecosystemId: world.e1, role: 'LEADER', programId: world.p1 }])).userId;
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

async function createReport(input: Record<string, unknown>): Promise<string> {
  const res = await api.graphql<{ createScheduledProgramLevelReports: { _id: string } }>(CREATE, { input: {
    reportName: 'Weekly sessions', recipientEmail: ['lead@example.com', 'ops@example.org'], language: 'es', ecosystemId: world.e1, programs: [world.p1],
    schedule: { frequency: 'WEEKLY', dayOfWeek: 1, timeOfDay: 8, timeZoneId: 'America/New_York' }, startDay: '2027-03-08', endDay: '2027-03-20', ...input,
  } }, { token: world.tokens.platformAdmin, headers: { 'idempotency-key': `report-run-${++keys}` } });
  expect(res.errors).toBeUndefined();
  return res.data!.createScheduledProgramLevelReports._id;
}

/** Three sessions of p1 in the week before 8 March: one held (both joined), one missed (nobody joined), one cancelled. */
async function writeWeek(): Promise<void> {
  const joined = (userId: string, type: 'TUTOR' | 'STUDENT', at: string) => ({ ...person(userId, type), attendance: { ...person(userId, type).attendance, joinedTime: at, joinedTimeDelta: 0 } });
  const common = { ecosystemId: world.e1, programId: world.p1, durationMinutes: 90 };
  const owner = api.platform.pools.owner;
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-03T15:00:00Z'),
    participants: [joined(tutorId, 'TUTOR', '2027-03-03T15:00:00.000Z'), joined(world.ids.student, 'STUDENT', '2027-03-03T15:01:00.000Z')] }));
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-04T15:00:00Z'), participants: [person(tutorId, 'TUTOR'), person(world.ids.student, 'STUDENT')] }));
  await writeBooking(owner, booking({ ...common, startAt: new Date('2027-03-05T15:00:00Z'), cancelled: true, participants: [person(tutorId, 'TUTOR'), person(world.ids.student, 'STUDENT')] }));
}

/** Ticks every quarter hour from `from` to `to` with the clock at each tick; answers the ticks that sent something. */
async function tick(reads: ReportReads, from: string, to: string): Promise<Array<{ at: string; sent: number; failed: number }>> {
  let now = new Date(from);
  const { bus, engine } = api.platform.services;
  const acts = createReportActivities({ reads, engine: () => engine }, bus, () => now);
  const fired: Array<{ at: string; sent: number; failed: number }> = [];
  for (; now.getTime() <= Date.parse(to); now = new Date(now.getTime() + QUARTER)) {
    const outcome = await runScheduledReportsFlow(acts, {});
    if (outcome.sent + outcome.failed > 0) fired.push({ at: now.toISOString(), ...outcome });
    // The next tick reads the run from the read model, as the engine's next run (15 minutes later) would.
    for (let wait = 0; wait < 200 && (await acts.dueScheduledReports()).length > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return fired;
}

const csvOf = (mail: ParsedMail) => mail.attachments.map((a) => a.content.toString('utf8')).join('');

describe('a weekly scheduled report', () => {
  it('fires at 08:00 New York time on both sides of the clock change, between its first and last day, mailing each recipient once per fire', async () => {
    await writeWeek();
    const reportId = await createReport({});
    const owner = api.platform.pools.owner;
    const fired = await tick(reportReads(owner, api.platform.services.bus), '2027-03-07T00:00:00Z', '2027-03-23T00:00:00Z');
    // 08:00 EST is 13:00 UTC; from 14 March 08:00 EDT is 12:00 UTC. 22 March is after the last day.
    expect(fired).toEqual([{ at: '2027-03-08T13:00:00.000Z', sent: 1, failed: 0 }, { at: '2027-03-15T12:00:00.000Z', sent: 1, failed: 0 }]);

    const mails = await smtp.waitFor(4, 20_000);
    expect(smtp.to('lead@example.com')).toHaveLength(2);
    expect(smtp.to('ops@example.org')).toHaveLength(2);
    const first = smtp.to('lead@example.com')[0];
    expect(first.subject).toContain('Informe de');
    expect(first.subject).toContain('2027-03-01 – 2027-03-07');
    expect(first.html).toContain('<svg');
    expect(first.html).toContain('Realizadas');
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0].filename).toBe('Weekly sessions 2027-03-01.csv');
    const csv = csvOf(first);
    // The program line: 1 held, 1 cancelled, 1 missed, 1.5 hours, half the learners joined, one active pair.
    expect(csv).toMatch(/Programa,[^,\r\n]+,,1,1,1,1\.5,0\.5,1,/);
    expect(csv).toMatch(/Tutor,[^,\r\n]+,Tina Tutor,1,1,1,1\.5,,,1/);
    // The second week had no sessions.
    expect(csvOf(smtp.to('lead@example.com')[1])).toMatch(/Programa,[^,\r\n]+,,0,0,0,0,,0,/);
    expect(mails.every((m) => m.headers.get('x-platform-message-kind') === 'SCHEDULED_REPORT')).toBe(true);

    const listed = await api.graphql<{ getAllScheduledProgramLevelReports: Array<{ _id: string; error: string | null; lastRunAt: string }> }>(LIST, {}, { token: world.tokens.platformAdmin });
    expect(listed.data?.getAllScheduledProgramLevelReports.find((r) => r._id === reportId)).toEqual({ _id: reportId, error: null, lastRunAt: '2027-03-15T12:00:00.000Z' });
  });

  it('records a run that fails on the report, shown in the reader\'s language, and sends nothing for it', async () => {
    const reportId = await createReport({ reportName: 'Failing report', recipientEmail: ['fail@example.com'], startDay: '2027-04-05', endDay: '2027-04-05' });
    const real = reportReads(api.platform.pools.owner, api.platform.services.bus);
    const broken: ReportReads = { ...real, contents: () => Promise.reject(new Error('connection lost')) };
    const fired = await tick(broken, '2027-04-05T11:45:00Z', '2027-04-05T12:30:00Z');
    expect(fired).toEqual([{ at: '2027-04-05T12:00:00.000Z', sent: 0, failed: 1 }]);
    expect(smtp.to('fail@example.com')).toHaveLength(0);
    const read = async (language: string) => (await api.graphql<{ getAllScheduledProgramLevelReports: Array<{ _id: string; error: string | null }> }>(LIST, {},
      { token: world.tokens.platformAdmin, headers: { 'accept-language': language } })).data?.getAllScheduledProgramLevelReports.find((r) => r._id === reportId)?.error;
    expect(await read('en')).toBe('The report could not be made from the sessions. It will be tried again at its next time.');
    expect(await read('es')).toBe('No se pudo preparar el informe a partir de las sesiones. Se intentará de nuevo en su próxima hora.');
  });

  it('sends each recipient who is a platform user of the ecosystem the report in their own language, and anyone else in the report\'s', async () => {
    const profile = 'mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { id } }';
    for (const [id, token] of [[world.ids.student, world.tokens.admin1], [world.ids.admin2, world.tokens.platformAdmin]]) {
      const res = await api.graphql(profile, { id, input: { languagePreference: 'sp' } }, { token, headers: { 'idempotency-key': `report-lang-${id}` } });
      expect(res.errors).toBeUndefined();
    }
    await createReport({
      reportName: 'Languages', language: 'en', startDay: '2027-04-12', endDay: '2027-04-12',
      // Sam is a user of this ecosystem; Otto speaks Spanish too but belongs to another ecosystem; the third is no account.
      recipientEmail: ['Sam.Student@example.com', 'otto.other@example.com', 'outside@example.org'],
    });
    const fired = await tick(reportReads(api.platform.pools.owner, api.platform.services.bus), '2027-04-12T11:45:00Z', '2027-04-12T12:15:00Z');
    expect(fired).toEqual([{ at: '2027-04-12T12:00:00.000Z', sent: 1, failed: 0 }]);
    await smtp.waitFor(7, 20_000);
    const [sam] = smtp.to('sam.student@example.com');
    expect(sam.subject).toBe('Informe de Riverside Unified School District: Languages (2027-04-05 – 2027-04-11)');
    expect(sam.html).toContain('lang="es"');
    expect(csvOf(sam)).toContain('Realizadas');
    for (const other of [smtp.to('otto.other@example.com')[0], smtp.to('outside@example.org')[0]]) {
      expect(other.subject).toBe('Riverside Unified School District report: Languages (2027-04-05 – 2027-04-11)');
      expect(csvOf(other)).toContain('Held');
    }
    // The message names the account it went to, so the person's outbox and unsubscribe can find it.
    const recorded = await api.platform.pools.owner.query<{ recipient: string; recipient_user_id: string | null; language: string }>(
      `SELECT recipient, recipient_user_id, language FROM read.messages WHERE kind = 'SCHEDULED_REPORT' AND recipient IN ('sam.student@example.com', 'outside@example.org') ORDER BY recipient`);
    expect(recorded.rows).toEqual([
      { recipient: 'outside@example.org', recipient_user_id: null, language: 'en' },
      { recipient: 'sam.student@example.com', recipient_user_id: world.ids.student, language: 'es' },
    ]);
  });
});
