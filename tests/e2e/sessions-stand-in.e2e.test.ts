/**
 * The sessions page against a stand-in for the sessions API (support/sessionsStandIn.ts), for the
 * states the real back end reaches only with time (a session within 24 hours, a join window, a
 * conflict to force past, a drop-in seat): book a weekly series across the clock change of
 * 14 March 2027 (New York) and see every occurrence at 4 PM in the calendar, the tutor's hours and
 * the conflicts before booking, an admin's "Book anyway", change the series' times, cancel "this
 * and following", remove one seat of a group, the reason a cancel within 24 hours asks for, a seat
 * in a drop-in session and joining it. At 390 and 1280 px with checkPage on each dialog.
 * Screenshots: dist/e2e-screenshots/sessions-*.png.
 */
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';
import { checkDialog, choose, sessionCard, SIZES, ZONE } from './support/sessionsPage';
import { serveSessions, TUTEES, type StandInSession } from './support/sessionsStandIn';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

function standInSession(id: string, subject: string, start: DateTime, minutes: number, changes: Partial<StandInSession> = {}): StandInSession {
  return {
    id, subject, sessionType: 'ONE_ON_ONE', startAt: start.toUTC().toISO() ?? '', endAt: start.plus({ minutes }).toUTC().toISO() ?? '', timeZoneId: ZONE,
    seriesId: `series-${id}`, recurring: false, cancelled: false, maxStudents: null, viewerIsParticipant: false,
    participants: [{ userId: 'VXNlcjp0dXRvcg==', name: ['Tina', 'Tutor'], isLeader: true }, { ...TUTEES[0], isLeader: false }], ...changes,
  };
}

/** A group session in two days with two of four seats taken, and a session starting in three hours. */
function seeded(): StandInSession[] {
  const now = DateTime.now().setZone(ZONE).startOf('hour');
  return [
    standInSession('U2Vzc2lvbjpncm91cA==', 'Chemistry group', now.plus({ days: 2 }).set({ hour: 17 }), 60, {
      sessionType: 'GROUP', maxStudents: 4, participants: [{ userId: 'VXNlcjp0dXRvcg==', name: ['Tina', 'Tutor'], isLeader: true }, ...TUTEES.map((t) => ({ ...t, isLeader: false }))],
    }),
    standInSession('U2Vzc2lvbjpzb29u', 'Reading check-in', now.plus({ hours: 3 }), 30),
    standInSession('U2Vzc2lvbjpkcm9w', 'Open math help', now.plus({ days: 3 }).set({ hour: 15 }), 60, { sessionType: 'DROP_IN', maxStudents: 10 }),
  ];
}

async function bookWeeklySeries(page: Page, shot: (name: string) => string): Promise<void> {
  await page.getByRole('button', { name: 'Book a session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a session' });
  await choose(dialog, 'Program', /.+/);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Algebra');
  await dialog.getByLabel('Date').fill('2027-03-02');
  await choose(dialog, 'Leader', 'Tina Tutor');
  await page.keyboard.press('Escape');
  await choose(dialog, 'Start', '09:00');
  // Before booking: the tutor's free hours that day, and the conflict 9 AM would meet.
  await dialog.getByText('Free: 3:00 PM – 6:00 PM').waitFor();
  await dialog.getByText('Outside free hours').waitFor();
  await choose(dialog, 'Start', '16:00');
  await choose(dialog, 'End', '17:00');
  await dialog.getByText('No conflicts.').waitFor();
  await choose(dialog, 'Repeats', 'Every week');
  expect(await dialog.getByRole('checkbox', { name: 'Tue' }).isChecked()).toBe(true);
  await choose(dialog, 'Weeks', '3');
  await choose(dialog, 'Learner', 'Lee Learner');
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.getByText('Time zone: America/New_York', { exact: false }).count()).toBe(1);
  await dialog.getByText('No conflicts.').waitFor();
  await checkDialog(page, dialog, shot('book'));
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await page.getByText('3 sessions are booked.').waitFor();
}

/** The calendar's month of March 2027: every occurrence of the series at 4 PM, before and after 14 March. */
async function seriesInCalendar(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Month' }).click();
  const title = page.locator('.fc-toolbar-title');
  while (await title.textContent() !== 'March 2027') await page.getByRole('button', { name: 'Next' }).click();
  const events = page.locator('.fc-daygrid-event').filter({ hasText: 'Algebra' });
  await expect.poll(() => events.count()).toBe(3);
  return events.locator('.fc-event-time').allTextContents();
}

describe.each(SIZES)('booking and changing sessions at $width px', (size) => {
  const shot = (name: string) => `sessions-${name}-${size.width}`;

  it('books a weekly series across a clock change, changes it, cancels this and following, removes one seat of a group, asks why for a cancel within 24 hours, takes a drop-in seat and joins it', async () => {
    const { page, context, errors } = await app.open({ ...size, who: 'ecosystemAdmin' });
    try {
      const api = await serveSessions(page, seeded(), ZONE);
      await page.goto(`${app.url}/sessions`);
      await page.getByText('Times are shown in your time zone, America/New_York', { exact: false }).waitFor();
      await sessionCard(page, 'Upcoming sessions', 'Chemistry group').waitFor();
      await checkPage(page, shot('list'));

      await bookWeeklySeries(page, shot);
      const booked = api.sent.find((s) => s.operation === 'useCreateSessionMutation')?.variables.input;
      expect(booked).toMatchObject({ date: '2027-03-02', startTime: '16:00', endTime: '17:00', timeZoneId: ZONE, recurrence: { frequency: 'WEEKLY', recurringDays: [2], weeksRecurring: 3 } });
      expect(new Set(api.sessions.filter((s) => s.subject === 'Algebra').map((s) => s.startAt.slice(11, 16)))).toEqual(new Set(['21:00', '20:00']));
      expect(await seriesInCalendar(page)).toEqual(['4p', '4p', '4p']);
      await checkPage(page, shot('calendar'));

      // A booking with a conflict books nothing; the admin may book it anyway.
      await page.getByRole('button', { name: 'Book a session' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book a session' });
      await choose(dialog, 'Program', /.+/);
      await dialog.getByRole('textbox', { name: 'Subject' }).fill('Early reading');
      await dialog.getByLabel('Date').fill('2027-03-03');
      await choose(dialog, 'Start', '09:00');
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await dialog.getByText('The session was not booked: it has conflicts.').waitFor();
      await dialog.getByRole('button', { name: 'Book anyway' }).click();
      await page.getByText('The session is booked.').waitFor();
      expect(api.sent.filter((s) => s.operation === 'useCreateSessionMutation').map((s) => (s.variables.input as { forceBook: unknown }).forceBook)).toEqual([null, null, true]);

      // Change the times of the whole series: only what changed is sent, every occurrence moves.
      await sessionCard(page, 'Upcoming sessions', 'Algebra').first().getByRole('button', { name: 'Actions for Algebra' }).click();
      await page.getByRole('menuitem', { name: 'Change' }).click();
      const change = page.getByRole('dialog', { name: 'Change Algebra' });
      await choose(change, 'Start', '16:30');
      await choose(change, 'End', '17:30');
      await change.getByRole('radio', { name: 'All sessions of the series' }).check();
      await checkDialog(page, change, shot('change'));
      await change.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('3 sessions are changed.').waitFor();
      // The dialog checked the change before it was saved (checkOnly), then saved it.
      const edits = api.sent.filter((s) => s.operation === 'useEditSessionMutation').map((s) => s.variables.input as { checkOnly?: boolean });
      expect(edits.some((e) => e.checkOnly)).toBe(true);
      expect(edits.find((e) => !e.checkOnly)).toEqual(
        { sessionId: expect.any(String), scope: 'ALL', changes: { startTime: '16:30', endTime: '17:30' }, forceBook: null });
      await expect.poll(() => sessionCard(page, 'Upcoming sessions', '4:30 PM – 5:30 PM').count()).toBe(3);

      // Cancel the second occurrence "and following": only the first stays.
      await sessionCard(page, 'Upcoming sessions', 'Algebra').nth(1).getByRole('button', { name: 'Actions for Algebra' }).click();
      await page.getByRole('menuitem', { name: 'Cancel session' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel Algebra' });
      await cancel.getByRole('radio', { name: 'This and following sessions' }).check();
      await checkDialog(page, cancel, shot('cancel-following'));
      await cancel.getByRole('button', { name: 'Cancel session' }).click();
      await page.getByText('2 sessions are cancelled.').waitFor();
      await expect.poll(() => sessionCard(page, 'Upcoming sessions', 'Algebra').count()).toBe(1);
      expect(api.sent.find((s) => s.operation === 'useCancelSessionMutation')?.variables.input).toMatchObject({ scope: 'SINGLE_AND_FOLLOWING' });

      // The cancelled ones wait under "Cancelled sessions"; a restore the server refuses says why and restores nothing.
      const cancelled = sessionCard(page, 'Cancelled sessions', 'Algebra');
      await expect.poll(() => cancelled.count()).toBe(2);
      await cancelled.first().getByRole('button', { name: 'Restore Algebra' }).click();
      const restore = page.getByRole('dialog', { name: 'Restore Algebra' });
      await restore.getByRole('radio', { name: 'All sessions of the series' }).check();
      await restore.getByRole('button', { name: 'Restore session' }).click();
      await restore.getByRole('alert').getByText('This session can no longer be restored.').waitFor();
      await checkDialog(page, restore, shot('restore-refused'));
      expect(api.sent.find((s) => s.operation === 'useRestoreSessionMutation')?.variables.input).toMatchObject({ scope: 'ALL' });
      await restore.getByRole('button', { name: 'Close', exact: true }).click();
      expect(await cancelled.count()).toBe(2);

      // One seat of the group: Max leaves, the session goes on for Lee.
      const group = sessionCard(page, 'Upcoming sessions', 'Chemistry group');
      await group.getByText('2 of 4 seats taken').waitFor();
      await group.getByRole('button', { name: 'Actions for Chemistry group' }).click();
      await page.getByRole('menuitem', { name: 'Remove a participant' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove a participant from Chemistry group' });
      await choose(remove, 'Who leaves', 'Max Pupil');
      await checkDialog(page, remove, shot('remove-seat'));
      await remove.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('Max Pupil left the session; it goes on for the others.').waitFor();
      await group.getByText('1 of 4 seats taken').waitFor();
      await group.getByText('With Tina Tutor, Lee Learner').waitFor();

      // Within 24 hours of its start, a cancel asks for a reason and waits for one.
      await sessionCard(page, 'Upcoming sessions', 'Reading check-in').getByRole('button', { name: 'Actions for Reading check-in' }).click();
      await page.getByRole('menuitem', { name: 'Cancel session' }).click();
      const soon = page.getByRole('dialog', { name: 'Cancel Reading check-in' });
      await soon.getByRole('button', { name: 'Cancel session' }).click();
      await soon.getByText('Please give a reason: the session starts within 24 hours.').waitFor();
      await checkDialog(page, soon, shot('cancel-reason'));
      await soon.getByRole('textbox', { name: 'Reason' }).fill('The school is closed for a storm.');
      await soon.getByRole('button', { name: 'Cancel session' }).click();
      await page.getByText('The session is cancelled.').waitFor();
      expect(api.sent.filter((s) => s.operation === 'useCancelSessionMutation').at(-1)?.variables.input).toMatchObject({ scope: 'SINGLE', reason: 'The school is closed for a storm.' });

      // A seat in a drop-in session.
      const dropIn = sessionCard(page, 'Drop-in sessions', 'Open math help');
      await dropIn.getByRole('button', { name: 'Take a seat' }).click();
      await page.getByText('You have a seat in Open math help.').waitFor();
      await sessionCard(page, 'Upcoming sessions', 'Open math help').waitFor();
      await expect.poll(() => dropIn.getByRole('button', { name: 'Take a seat' }).count()).toBe(0);

      // Joining it records the join (the room's page is a stand-in too) and the card says when.
      await page.context().route('https://rooms.example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Room</title>' }));
      const mine = sessionCard(page, 'Upcoming sessions', 'Open math help');
      const [room] = await Promise.all([page.waitForEvent('popup'), mine.getByRole('link', { name: 'Join' }).click()]);
      await room.close();
      await mine.getByText(/^You joined at \d{1,2}:\d{2} [AP]M$/).waitFor();
      expect(api.sent.find((s) => s.operation === 'useTrackJoinMutation')?.variables).toMatchObject({ participantType: 'STUDENT' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});


