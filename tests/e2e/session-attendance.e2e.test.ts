/**
 * Joining and a tutor's check-in and check-out on the real back end (issue 8 Attendance, decisions
 * 0062 and 0066), at 390 and 1280 px with checkPage on each state. The ecosystem's admin sets the
 * program's sessionJoinMinutesPrior and tutorSelfCheckInOut (the program form has no field for
 * them, so through the admin's own editProgram operation), books a session at the next start the
 * booking form offers, which is then joinable; the tutor presses Join and the card says when they
 * joined, checks in and out (a session a week ahead shows the server's refusal), and the admin
 * reads the check-ins in the ecosystem's audit trail.
 * Screenshots: dist/e2e-screenshots/attendance-*.png.
 */
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { editProfile } from '../../domain/user/handlers';
import { getProgramsByEcosystemId } from '../../projections/tenants/queries';
import { USERS_PROJECTION } from '../../projections/users';
import { loginToken, persistedId, startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';
import { choose, sessionCard, SIZES, ZONE } from './support/sessionsPage';

let app: E2eApp;
let programId: string;
/** The booking form's step between start times (the ecosystem's sessionInterval, else 15). */
let interval: number;

async function inNewYork(userId: string): Promise<void> {
  const { bus, projections, config } = app.platform.services;
  const zoned = await bus.dispatch(editProfile, { userId, changes: { timeZoneId: ZONE } }, { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  if (zoned.position) await projections.waitFor(zoned.position, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
}

/** The admin's own editProgram (the persisted operation of the programs page). */
async function setProgram(adminToken: string, programInput: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${adminToken}`, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ doc_id: persistedId('useEditProgramMutation'), variables: { programId: toGlobalId('Program', programId), programInput } }),
  });
  const body = (await res.json()) as { errors?: unknown[] };
  expect(body.errors).toBeUndefined();
}

beforeAll(async () => {
  app = await startE2eApp();
  const { ownerPool } = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  [{ id: programId }] = await getProgramsByEcosystemId(ownerPool, ecosystemId, { limit: 1, after: null, includeArchived: false });
  const r = await ownerPool.query<{ interval: number | null }>(
    "SELECT (details->'sessionSettings'->>'sessionInterval')::int AS interval FROM read.ecosystems WHERE id = $1", [ecosystemId]);
  interval = r.rows[0]?.interval || 15;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** The first start the booking form offers after now, in New York. */
function nextStart(): DateTime {
  const now = DateTime.now().setZone(ZONE);
  const minutes = now.hour * 60 + now.minute;
  return now.startOf('day').plus({ minutes: (Math.floor(minutes / interval) + 1) * interval });
}

async function book(page: Page, subject: string, tutor: string, learner: string, start: DateTime): Promise<void> {
  await page.getByRole('button', { name: 'Book a session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a session' });
  await choose(dialog, 'Program', /.+/);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByLabel('Date').fill(start.toISODate()!);
  await choose(dialog, 'Start', start.toFormat('HH:mm'));
  await choose(dialog, 'End', start.plus({ hours: 1 }).toFormat('HH:mm'));
  await choose(dialog, 'Where', 'Online (your own link)');
  await dialog.getByRole('textbox', { name: 'Video link' }).fill('https://meet.example.com/attendance');
  await choose(dialog, 'Leader', tutor);
  await page.keyboard.press('Escape');
  await choose(dialog, 'Learner', learner);
  await page.keyboard.press('Escape');
  await dialog.getByText(`Leader's hours on`, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  // Outside the ecosystem's hours the form lists the conflicts; an admin may book anyway.
  const anyway = dialog.getByRole('button', { name: 'Book anyway' });
  await Promise.race([dialog.waitFor({ state: 'hidden' }), anyway.waitFor()]);
  if (await anyway.isVisible()) await anyway.click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(SIZES)('attendance on the real back end at $width px', (size) => {
  const shot = (name: string) => `attendance-${name}-${size.width}`;

  it('the tutor joins a session booked at the next start, checks in and out, and the admin reads it in the trail', async () => {
    const tag = size.width;
    const ecosystemId = app.platform.demo!.ecosystemId;
    const password = `Tutor checks in at ${tag} px`;
    const email = `tomas.${tag}@example.com`;
    const { userId: tutorId } = await ensureUser(app.platform.services, { email, password, firstName: 'Tomás', lastName: `Tutor${tag}`, roles: [{ ecosystemId, role: 'LEADER', programId }] });
    const { userId: learnerId } = await ensureUser(app.platform.services, {
      email: `lena.${tag}@example.com`, password, firstName: 'Lena', lastName: `Learner${tag}`, roles: [{ ecosystemId, role: 'PUPIL', programId }],
    });
    await inNewYork(tutorId);
    await inNewYork(learnerId);
    const adminToken = await app.token('ecosystemAdmin');
    await inNewYork((JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()) as { sub: string }).sub);
    // Joinable from more than one booking step before the start: the next start is joinable now.
    await setProgram(adminToken, { tutorSelfCheckInOut: true, sessions: { sessionJoinMinutesPrior: Math.min(120, interval + 10) } });

    const subject = `Attendance ${tag}`;
    const admin = await app.open({ ...size, who: 'ecosystemAdmin' });
    try {
      await admin.page.goto(`${app.url}/sessions`);
      await admin.page.getByText('Times are shown in your time zone, America/New_York', { exact: false }).waitFor();
      await book(admin.page, subject, `Tomás Tutor${tag}`, `Lena Learner${tag}`, nextStart());
      await book(admin.page, `Next week ${tag}`, `Tomás Tutor${tag}`, `Lena Learner${tag}`, nextStart().plus({ weeks: 1 }));
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const { page, context, errors } = await app.open({ ...size, accessToken: await loginToken(app.url, email, password) });
    try {
      // The video link opens a page of its own; it is not this test's to load.
      await context.route('https://meet.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Room</title>' }));
      await page.goto(`${app.url}/sessions`);
      const card = sessionCard(page, 'Upcoming sessions', subject);
      await card.getByRole('link', { name: 'Join' }).waitFor();
      const [room] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: 'Join' }).click()]);
      await room.close();
      await card.getByText(/^You joined at \d{1,2}:\d{2}/).waitFor();
      await checkPage(page, shot('joined'));

      // A week early: the server's refusal, in its words, on the card.
      const later = sessionCard(page, 'Upcoming sessions', `Next week ${tag}`);
      await later.getByRole('button', { name: 'Check in' }).click();
      await later.getByRole('alert').getByText(/^You can check in from \d+ minutes before the session starts\.$/).waitFor();
      await checkPage(page, shot('refused'));

      await card.getByRole('button', { name: 'Check in' }).click();
      await card.getByText(/^Checked in at \d{1,2}:\d{2}/).waitFor();
      await card.getByRole('button', { name: 'Check out' }).click();
      await card.getByText(/^Checked out at \d{1,2}:\d{2}/).waitFor();
      expect(await card.getByRole('button', { name: /Check (in|out)/ }).count()).toBe(0);
      await checkPage(page, shot('checked-out'));
      // A reload reads the times back from the server.
      await page.reload();
      await sessionCard(page, 'Upcoming sessions', subject).getByText(/^Checked out at /).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const trail = await app.open({ ...size, who: 'ecosystemAdmin' });
    try {
      await trail.page.goto(`${app.url}/admin/ecosystems/${encodeURIComponent(toGlobalId('Ecosystem', ecosystemId))}/breadcrumbs?action=SessionCheckedIn`);
      await expect.poll(() => trail.page.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('Checked in');
      await trail.page.getByText(`Tomás Tutor${tag}`).first().waitFor();
      await checkPage(trail.page, shot('admin-trail'));
      expect(trail.errors).toEqual([]);
    } finally {
      await trail.context.close();
    }
  });
});
