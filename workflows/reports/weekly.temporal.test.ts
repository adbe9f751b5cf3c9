/**
 * The weekly parent reports' tick on a real Temporal server (`npm run test:temporal`): the
 * Temporal Schedule of runWeeklyParentReports, triggered at chosen instants of the activities'
 * clock (moved, not waited), sends a New York guardian's report at 09:00 local on the Saturdays
 * before and after the March change (14:00, then 13:00 UTC), once per week, and nothing at the
 * instants between. The e-mails go through the platform's message pipeline to the SMTP capture.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../api/people/testing';
import { toGlobalId } from '../../api/relay';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { createActivities, type Activities } from '../activities';
import { TemporalWorkflowEngine } from '../engine/temporal';
import { temporalTestAddress, triggerSpaced, until } from '../testing/temporal-server';
import { reportReads, weeklyReportReads } from './reads';
import { weeklyKey, type DueWeeklyReport, type WeeklyReportOutcome } from './weekly';
import { messageIdFor } from '../messages/send';
import { parentReportWeek } from '../../domain/report/weekly';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
let engine: TemporalWorkflowEngine;
let now = new Date('2027-03-01T00:00:00Z');
const ticks: DueWeeklyReport[][] = [];
const outcomes: WeeklyReportOutcome[] = [];

async function ok(query: string, variables: Record<string, unknown>, token: string): Promise<void> {
  const res = await api.graphql(query, variables, { token, headers: { 'idempotency-key': randomUUID() } });
  expect(res.errors).toBeUndefined();
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, SCHEDULED_REPORTS_CRON: 'off', WEEKLY_PARENT_REPORTS_CRON: 'off' });
  world = await buildWorld(api);
  await ok('mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { id } }',
    { id: toGlobalId('Program', world.p1), input: { sessions: { studentWeeklyReportToParents: true } } }, world.tokens.admin1);
  await ok('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId: world.ids.parent, childId: world.ids.student, ecosystemId: world.e1, relationship: 'PARENT' } }, world.tokens.admin1);
  await ok('mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { id } }',
    { id: world.ids.parent, input: { timeZoneId: 'America/New_York' } }, world.tokens.admin1);

  const { bus, engine: platformEngine } = api.platform.services;
  const owner = api.platform.pools.owner;
  const real = createActivities({ bus, clock: () => now, reports: { reads: reportReads(owner, bus), weekly: weeklyReportReads(owner), engine: () => platformEngine } });
  const activities: Activities = {
    ...real,
    dueWeeklyParentReports: async () => {
      const due = await real.dueWeeklyParentReports();
      ticks.push(due);
      return due;
    },
    sendWeeklyParentReport: async (due) => {
      const outcome = await real.sendWeeklyParentReport(due);
      outcomes.push(outcome);
      return outcome;
    },
  };
  engine = new TemporalWorkflowEngine({ address: temporalTestAddress(), namespace: 'default', taskQueue: `weekly-${randomUUID()}`, activities, shutdownGraceMs: 300, log: () => undefined });
  await engine.start();
  // Once a year by itself: the test triggers it.
  await engine.schedule('runWeeklyParentReports', { cron: '0 0 1 1 *', timezone: 'UTC' }, {});
}, 120_000);
afterAll(async () => {
  await engine?.unschedule('runWeeklyParentReports');
  await engine?.stop();
  await api?.stop();
  await smtp?.close();
});

/** Triggers the schedule with the clock at `at`; answers the sends that run made, once ended and recorded in the read model. */
async function tickAt(at: string): Promise<string[]> {
  now = new Date(at);
  const [tickCount, sentCount] = [ticks.length, outcomes.length];
  const handle = engine.temporalClient.schedule.getHandle(engine.scheduleIdOf('runWeeklyParentReports'));
  await triggerSpaced(handle);
  await until(() => ticks.length > tickCount, `the tick at ${at}`);
  const due = ticks[tickCount];
  await until(() => outcomes.length >= sentCount + due.length, `the reports due at ${at}`);
  const reads = weeklyReportReads(api.platform.pools.owner);
  const ids = due.map((d) => messageIdFor(d.ecosystemId, weeklyKey(d, parentReportWeek(new Date(d.firedAt), 'America/New_York'), 'EMAIL')));
  await until(async () => (await reads.recorded(ids)).size === ids.length, 'the read model');
  // The schedule skips a trigger while its last run is still open (overlap SKIP): let that run end first.
  await until(async () => (await handle.describe()).info.runningActions.length === 0, `the run at ${at} to end`);
  return due.map((d) => d.firedAt);
}

describe('the weekly parent reports\' tick on Temporal', () => {
  it('sends a New York guardian\'s report at 09:00 local on both sides of the March change, once a week', async () => {
    expect(await tickAt('2027-03-13T13:45:00Z')).toEqual([]);
    expect(await tickAt('2027-03-13T14:00:00Z')).toEqual(['2027-03-13T14:00:00.000Z']);
    expect(await tickAt('2027-03-13T14:15:00Z')).toEqual([]);
    expect(await tickAt('2027-03-20T12:45:00Z')).toEqual([]);
    expect(await tickAt('2027-03-20T13:00:00Z')).toEqual(['2027-03-20T13:00:00.000Z']);
    expect(await tickAt('2027-03-20T18:00:00Z')).toEqual([]);
    expect(outcomes).toEqual(['SENT', 'SENT']);

    await smtp.waitFor(2, 30_000);
    expect(smtp.to('pat.parent@example.com').map((m) => m.subject)).toEqual([
      'Riverside Unified School District: weekly report (2027-03-08 – 2027-03-14)',
      'Riverside Unified School District: weekly report (2027-03-15 – 2027-03-21)',
    ]);
  });
});
