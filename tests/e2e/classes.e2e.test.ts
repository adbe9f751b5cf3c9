/**
 * The course pages in the browser (docs/decisions/0061): a learner opens /classes, sees the course
 * grouped with its sections' period, fullness, window and drop deadline, opens /classes/:name,
 * enrols and unenrols; the admin sees the section's sessions and its enrolled students. English at
 * 1280 px, Spanish at 390 px, axe-clean; screenshots in dist/e2e-screenshots.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { createCourseSectionMutation } from '../../api/courses/mutations';
import { systemContext } from '../../api/request-context';
import { listPrograms } from '../../projections/tenants/queries';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PASSWORD = 'classes-e2e-password-1';
const ZONE = 'America/New_York';
const COURSE = 'Marine Biology';
let app: E2eApp;
let learnerToken: string;

beforeAll(async () => {
  app = await startE2eApp();
  const services = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  const admin = await ensureUser(services, { email: 'cass.courses@example.com', password: PASSWORD, firstName: 'Cass', lastName: 'Courses', roles: [{ ecosystemId, role: 'SUPER_ADMIN' }] });
  await ensureUser(services, { email: 'lena.learner@example.com', password: PASSWORD, firstName: 'Lena', lastName: 'Learner', roles: [{ ecosystemId, role: 'STUDENT' }] });
  const now = DateTime.now().setZone(ZONE);
  const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm");
  const ctx = systemContext(services, admin.userId);
  const [program] = await ctx.read((db) => listPrograms(db, [ecosystemId], { limit: 1, after: null, includeArchived: false }));
  const programId = program.id;
  const made = await createCourseSectionMutation(ctx, {
    ecosystemId, name: COURSE, programIds: [programId], timeZoneId: ZONE, maxEnrollments: 12, leaderIds: [admin.userId],
    enrollmentStart: local(now.minus({ hours: 1 })), enrollmentEnd: local(now.plus({ days: 14 })), dropDeadline: local(now.plus({ days: 20 })),
    sessions: {
      date: now.plus({ weeks: 1 }).set({ weekday: 2 }).toISODate()!, startTime: '16:00', endTime: '17:00', location: 'ONLINE', meetingSolution: 'CUSTOM_URL',
      customUrl: 'https://meet.example.com/marine', recurrence: { frequency: 'WEEKLY', recurringDays: [2], weeksRecurring: 3 },
    },
  });
  expect(made.section).not.toBeNull();
  learnerToken = await loginToken(app.url, 'lena.learner@example.com', PASSWORD);
}, 120_000);
afterAll(async () => { await app?.stop(); });

describe('the classes pages', () => {
  it('a learner finds the course, enrols and unenrols (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ accessToken: learnerToken, width: 1280 });
    try {
      await page.goto(`${app.url}/classes`);
      const course = page.getByRole('region', { name: COURSE });
      await course.getByText('Upcoming').waitFor();
      await course.getByText('Seats left').waitFor();
      await course.getByText('0 of 12 enrolled').waitFor();
      await course.getByText(/^Unenroll by /).waitFor();
      await check(page, 'classes-1280-en');
      await course.getByRole('link', { name: `Open ${COURSE}` }).click();
      await page.waitForURL(/\/classes\/Marine%20Biology$/);
      await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();
      await page.getByRole('button', { name: `Enroll in ${COURSE} · Section 1` }).click();
      await page.getByText('You are enrolled', { exact: true }).waitFor();
      await page.getByText('1 of 12 enrolled').waitFor();
      // Enrolled, the learner takes part in the section's sessions and so sees them, at their wall-clock time.
      await page.reload();
      await page.getByText('16:00–17:00 (America/New_York)').first().waitFor();
      expect(await page.getByText('16:00–17:00 (America/New_York)').count()).toBe(3);
      await check(page, 'class-enrolled-1280-en');
      await page.getByRole('button', { name: `Unenroll from ${COURSE} · Section 1` }).click();
      await page.getByText('0 of 12 enrolled').waitFor();
      await page.getByRole('button', { name: `Enroll in ${COURSE} · Section 1` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the admin sees the sessions and students on a phone, in Spanish (390 px)', async () => {
    const { page, context, errors } = await app.open({ accessToken: learnerToken, width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/classes/${encodeURIComponent(COURSE)}`);
      await page.getByRole('button', { name: `Inscribirse en ${COURSE} · Sección 1` }).click();
      await page.getByText('Está inscrito', { exact: true }).waitFor();
      // The enrolment's answer brings the sessions the learner now takes part in.
      await page.getByText('16:00–17:00 (America/New_York)').first().waitFor();
      await check(page, 'class-390-es');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const admin = await app.open({ accessToken: await loginToken(app.url, 'cass.courses@example.com', PASSWORD), width: 390, height: 844 });
    try {
      await admin.page.goto(`${app.url}/classes/${encodeURIComponent(COURSE)}`);
      await admin.page.getByRole('heading', { name: 'Enrolled students' }).waitFor();
      await admin.page.getByText('Lena Learner').waitFor();
      // Admins enrol others; they take no seat themselves.
      expect(await admin.page.getByRole('button', { name: /^Enroll in / }).count()).toBe(0);
      await check(admin.page, 'class-admin-390-en');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});
