/**
 * The scheduled reports' tick on a real Temporal server (`npm run test:temporal`): the Temporal
 * Schedule of runScheduledReports, triggered at chosen instants of the activities' clock (moved,
 * not waited), sends a weekly 08:00 New York report at 13:00 UTC before the March change and at
 * 12:00 UTC after it, once per fire, and nothing at the instants between or after its last day.
 * The e-mails go through the platform's message pipeline to the local SMTP capture.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../api/people/testing';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { createActivities, type Activities } from '../activities';
import { TemporalWorkflowEngine } from '../engine/temporal';
import { temporalTestAddress, triggerSpaced, until } from '../testing/temporal-server';
import type { DueReport, ReportRunOutcome } from './activities';
import { reportReads } from './reads';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
let engine: TemporalWorkflowEngine;
let now = new Date('2027-03-01T00:00:00Z');
const ticks: DueReport[][] = [];
const outcomes: ReportRunOutcome[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, SCHEDULED_REPORTS_CRON: 'off' });
  world = await buildWorld(api);
  const { bus, engine: platformEngine } = api.platform.services;
  const real = createActivities({ bus, clock: () => now, reports: { reads: reportReads(api.platform.pools.owner, bus), engine: () => platformEngine } });
  const activities: Activities = {
    ...real,
    dueScheduledReports: async () => {
      const due = await real.dueScheduledReports();
      ticks.push(due);
      return due;
    },
    sendScheduledReport: async (due) => {
      const outcome = await real.sendScheduledReport(due);
      outcomes.push(outcome);
      return outcome;
    },
  };
  engine = new TemporalWorkflowEngine({ address: temporalTestAddress(), namespace: 'default', taskQueue: `reports-${randomUUID()}`, activities, shutdownGraceMs: 300, log: () => undefined });
  await engine.start();
  // Once a year by itself: the test triggers it.
  await engine.schedule('runScheduledReports', { cron: '0 0 1 1 *', timezone: 'UTC' }, {});
}, 120_000);
afterAll(async () => {
  await engine?.unschedule('runScheduledReports');
  await engine?.stop();
  await api?.stop();
  await smtp?.close();
});

const firedFor = (due: DueReport[], id: string) => due.find((x) => x.reportId === id)?.firedAt;

/** Triggers the schedule with the clock at `at`; answers the fires that run sent, once it has ended and the read model shows them. */
async function tickAt(at: string): Promise<string[]> {
  now = new Date(at);
  const [tickCount, sentCount] = [ticks.length, outcomes.length];
  await triggerSpaced(engine.temporalClient.schedule.getHandle(engine.scheduleIdOf('runScheduledReports')));
  await until(() => ticks.length > tickCount, `the tick at ${at}`);
  const due = ticks[tickCount];
  await until(() => outcomes.length >= sentCount + due.length, `the reports due at ${at}`);
  const reads = reportReads(api.platform.pools.owner, api.platform.services.bus);
  await until(async () => (await reads.active()).every((r) => !due.some((x) => x.reportId === r.id) || r.lastFiredAt === firedFor(due, r.id)), 'the read model');
  return due.map((d) => d.firedAt);
}

describe('the scheduled reports\' tick on Temporal', () => {
  it('sends a weekly report at 08:00 New York time on both sides of the March change, once per fire', async () => {
    const res = await api.graphql<{ createScheduledProgramLevelReports: { _id: string } }>(
      'mutation($input: CreateScheduledProgramLevelReportsInput!) { createScheduledProgramLevelReports(input: $input) { _id } }', { input: {
        reportName: 'Weekly on Temporal', recipientEmail: ['temporal.lead@example.com'], language: 'en', ecosystemId: world.e1, programs: [world.p1],
        schedule: { frequency: 'WEEKLY', dayOfWeek: 1, timeOfDay: 8, timeZoneId: 'America/New_York' }, startDay: '2027-03-08', endDay: '2027-03-20',
      } }, { token: world.tokens.platformAdmin, headers: { 'idempotency-key': randomUUID() } });
    expect(res.errors).toBeUndefined();

    expect(await tickAt('2027-03-08T12:45:00Z')).toEqual([]);
    expect(await tickAt('2027-03-08T13:00:00Z')).toEqual(['2027-03-08T13:00:00.000Z']);
    expect(await tickAt('2027-03-08T13:15:00Z')).toEqual([]);
    expect(await tickAt('2027-03-15T11:45:00Z')).toEqual([]);
    expect(await tickAt('2027-03-15T12:00:00Z')).toEqual(['2027-03-15T12:00:00.000Z']);
    expect(await tickAt('2027-03-22T12:00:00Z')).toEqual([]);
    expect(outcomes).toEqual(['SENT', 'SENT']);

    const mails = await smtp.waitFor(2, 30_000);
    expect(smtp.to('temporal.lead@example.com').map((m) => m.subject)).toEqual([
      'Riverside Unified School District report: Weekly on Temporal (2027-03-01 – 2027-03-07)',
      'Riverside Unified School District report: Weekly on Temporal (2027-03-08 – 2027-03-14)',
    ]);
    expect(mails.every((m) => m.attachments.length === 1)).toBe(true);
  });
});
