/**
 * The session timers' tick on a real Temporal server (`npm run test:temporal`, decision 0074): the
 * Temporal Schedule of runSessionTimers, triggered at chosen instants of the activities' clock
 * (moved, not waited), sends a booking's 24-hour and 1-hour reminders once each at their instants
 * and nothing between, then records its completion after the end and the grace minutes, once. The
 * e-mails go through the platform's message pipeline to the local SMTP capture.
 */
import { randomUUID } from 'node:crypto';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { buildWorld, type World } from '../../api/people/testing';
import { scheduleSession } from '../../domain/session/handlers';
import { occurrencesOf } from '../../domain/session/occurrences';
import type { SessionState } from '../../domain/session/state';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { createActivities, type Activities } from '../activities';
import { TemporalWorkflowEngine } from '../engine/temporal';
import { temporalTestAddress, triggerSpaced, until } from '../testing/temporal-server';
import type { DueTimers } from './activities';
import { sessionTimerDeps } from './reads';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
let engine: TemporalWorkflowEngine;
let tutorId: string;
let now = new Date('2027-03-01T00:00:00Z');
const ticks: DueTimers[] = [];
const done: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url });
  world = await buildWorld(api);
  tutorId = (await ensureUser(api.platform.services, { email: 'tara.temporal@example.com', password: 'timers-test-password-1', firstName: 'Tara', lastName: 'Temporal', roles: [{ ecosystemId: world.e1, role: 'LEADER', programId: world.p1 }] })).userId;
  const { bus, engine: platformEngine, config } = api.platform.services;
  const real = createActivities({ bus, clock: () => now, timers: { ...sessionTimerDeps(api.platform.pools.owner, bus, config), engine: () => platformEngine } });
  const activities: Activities = {
    ...real,
    dueSessionTimers: async () => {
      const due = await real.dueSessionTimers();
      ticks.push(due);
      return due;
    },
    sendSessionReminder: async (due) => {
      const sent = await real.sendSessionReminder(due);
      done.push(`remind ${due.offsetMinutes} ${sent}`);
      return sent;
    },
    completeSessionOccurrence: async (due) => {
      const outcome = await real.completeSessionOccurrence(due);
      done.push(`complete ${outcome.completed}`);
      return outcome;
    },
  };
  engine = new TemporalWorkflowEngine({ address: temporalTestAddress(), namespace: 'default', taskQueue: `timers-${randomUUID()}`, activities, shutdownGraceMs: 300, log: () => undefined });
  await engine.start();
  // Once a year by itself: the test triggers it.
  await engine.schedule('runSessionTimers', { cron: '0 0 1 1 *', timezone: 'UTC' }, {});
}, 120_000);
afterAll(async () => {
  await engine?.unschedule('runSessionTimers');
  await engine?.stop();
  await api?.stop();
  await smtp?.close();
});

/** Triggers the schedule with the clock at `at`; answers what that run did, once it has done it and the read models show it. */
async function tickAt(at: string): Promise<string[]> {
  now = new Date(at);
  const [tickCount, doneCount] = [ticks.length, done.length];
  // The previous run may still be closing after its last activity: this trigger is not to be skipped as an overlap.
  await triggerSpaced(engine.temporalClient.schedule.getHandle(engine.scheduleIdOf('runSessionTimers')), ScheduleOverlapPolicy.ALLOW_ALL);
  await until(() => ticks.length > tickCount, `the tick at ${at}`);
  const due = ticks[tickCount];
  await until(() => done.length >= doneCount + due.reminders.length + due.completions.length, `the timers due at ${at}`);
  const head = await api.platform.services.eventStore.headPosition();
  if (head) await api.platform.services.projections.waitFor(head, ['sessions', 'messages'], 10_000);
  return done.slice(doneCount);
}

describe('the session timers\' tick on Temporal', () => {
  it('reminds 24 hours and 1 hour before, once each, and completes the session after its end', async () => {
    const seriesId = randomUUID();
    const { bus, projections } = api.platform.services;
    const booked = await bus.dispatch(scheduleSession, {
      seriesId, ecosystemId: world.e1,
      schedule: { timeZoneId: 'America/New_York', startDate: '2027-03-10', startTime: '16:00', durationMinutes: 60, recurrence: null },
      details: { sessionType: 'ONE_ON_ONE', programId: world.p1, subject: 'Geometry', location: 'ONLINE', meeting: { solution: 'CUSTOM_URL', url: 'https://meet.example.org/geo' } },
      participants: [{ userId: tutorId, userType: 'TUTOR', isLeader: true, isPaired: true }, { userId: world.ids.student, userType: 'STUDENT', isLeader: false, isPaired: true }],
    }, { actor: { userId: tutorId, role: 'SUPER_ADMIN' }, commandId: randomUUID(), now: '2027-03-01T00:00:00.000Z' });
    expect(await projections.waitFor(booked.position!, ['sessions'], 10_000)).toBe(true);
    expect(occurrencesOf(booked.state as SessionState)).toHaveLength(1);

    // 16:00 EST is 21:00 UTC.
    expect(await tickAt('2027-03-09T20:45:00Z')).toEqual([]);
    expect(await tickAt('2027-03-09T21:00:00Z')).toEqual(['remind 1440 2']);
    expect(await tickAt('2027-03-09T21:15:00Z')).toEqual(['remind 1440 0']);
    expect(await tickAt('2027-03-10T12:00:00Z')).toEqual([]);
    expect(await tickAt('2027-03-10T20:00:00Z')).toEqual(['remind 60 2']);
    expect(await tickAt('2027-03-10T21:00:00Z')).toEqual([]);
    // The demo ecosystem's grace minutes: completed once their time has come after the end (at the latest an hour later).
    expect(await tickAt('2027-03-10T23:00:00Z')).toEqual(['complete true']);
    expect(await tickAt('2027-03-10T23:15:00Z')).toEqual([]);

    // The booking's own notice (decision 0072) goes to the same people: only the reminders here.
    const isReminder = (m: (typeof smtp.received)[number]) => /SESSION_REMINDER$/.test(String(m.headers.get('x-platform-message-kind')));
    await vi.waitFor(() => expect(smtp.received.filter(isReminder)).toHaveLength(4), { timeout: 30_000, interval: 100 });
    expect(smtp.to('tara.temporal@example.com').filter(isReminder).map((m) => m.subject)).toEqual([
      expect.stringMatching(/your session "Geometry" starts in 1 day$/), expect.stringMatching(/your session "Geometry" starts in 1 hour$/),
    ]);
    expect(smtp.to('sam.student@example.com').filter(isReminder)).toHaveLength(2);
  });
});
