/**
 * Sample parameters of every message kind (decision 0076): what the admins' template previews
 * render, and what templates.unit.test.ts renders in both languages. Typed by kind, so a kind
 * added without its sample is a type error. Samples carry a little markup in names, so the
 * previews and the tests show that it arrives as text.
 */
import type { MessageKind } from '../kinds';
import type { TemplateParams } from './kinds';
import { SESSION_TIMER_SAMPLES } from './session-timers';

/** A Monday 4 PM New York session of Algebra, told to the participant, with its unsubscribe link. */
const SESSION: TemplateParams['SESSION_BOOKED'] = {
  sessionSubject: 'Algebra', startAt: '2026-11-23T21:00:00.000Z', endAt: '2026-11-23T22:00:00.000Z', previousStartAt: null,
  timeZoneId: 'America/New_York', more: 0, childName: null, otherName: null, reason: null,
  url: 'https://app.example.org/s/rio/sessions/5e55a000-0000-4000-8000-000000000001',
  unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def',
};

export const SAMPLES: { [K in MessageKind]: TemplateParams[K] } = {
  TEST: {},
  INVITE: { url: 'https://app.example.org/join/abc', inviterName: 'Ana', role: 'tutor' },
  VERIFY_EMAIL: { url: 'https://app.example.org/verify/email?token=abc', expiresInMinutes: 1440 },
  RESET_PASSWORD: { url: 'https://app.example.org/reset-password/abc', expiresInMinutes: 60 },
  LOGIN_LINK: { url: 'https://app.example.org/login/abc', expiresInMinutes: 15 },
  MFA_CODE: { code: '123456', expiresInMinutes: 10 },
  EMAIL_CHANGED: { newEmail: 'new.address@example.org' },
  SIGNUP_WELCOME: { url: 'https://app.example.org/s/rio/login', role: 'tutor', approvalRequired: true },
  SIGNUP_EXISTING_ACCOUNT: { url: 'https://app.example.org/s/rio/login', resetUrl: 'https://app.example.org/forgot-password' },
  BACKGROUND_CHECK_REMINDER: { url: 'https://app.example.org/s/rio/signup', checkUrl: 'https://checks.example.org/start' },
  CONTACT_CHANGED: { field: 'email', maskedValue: 'n•••@example.org' },
  ERROR_FOLLOW_UP: { adminName: 'Ana Admin', note: 'Your session is booked now.', errorMessage: 'Something went wrong.' },
  SCHEDULED_REPORT: {
    reportName: 'Weekly <sessions>', period: '2026-10-26 – 2026-11-01',
    programs: [{ name: 'Math & Reading', held: 3, cancelled: 1, missed: 1, hours: 4.5, attendanceRate: 0.75, activePairs: 2 }],
    tutors: [{ program: 'Math & Reading', tutor: 'Ana <b>Tutor</b>', held: 3, cancelled: 1, missed: 1, hours: 4.5, learners: 2 }],
  },
  WEEKLY_PARENT_REPORT: {
    week: '2027-03-08 – 2027-03-14',
    children: [
      {
        name: 'Sam <b>Student</b>',
        sessions: [
          { when: 'Mon, Mar 8, 3:30 PM', program: 'Math & Reading', subject: 'Algebra', tutor: 'Ana Tutor', status: 'ATTENDED' },
          { when: 'Wed, Mar 10, 3:30 PM', program: 'Math & Reading', subject: 'Algebra', tutor: 'Ana Tutor', status: 'MISSED' },
          { when: 'Thu, Mar 11, 4:00 PM', program: 'Math & Reading', subject: 'Reading', tutor: 'Ana Tutor', status: 'CANCELLED' },
          { when: 'Mon, Mar 15, 3:30 PM', program: 'Math & Reading', subject: 'Algebra', tutor: 'Ana Tutor', status: 'UPCOMING' },
        ],
      },
      { name: 'Lia Student', sessions: [] },
    ],
    unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def',
  },
  // Session timers (decision 0074).
  ...SESSION_TIMER_SAMPLES,
  SESSION_BOOKED: { ...SESSION, more: 7 },
  SESSION_MOVED: { ...SESSION, previousStartAt: '2026-11-23T21:00:00.000Z', startAt: '2026-11-24T21:00:00.000Z', endAt: '2026-11-24T22:00:00.000Z' },
  SESSION_CANCELLED: { ...SESSION, reason: 'The school is closed.', more: 1 },
  SESSION_RESTORED: SESSION,
  SESSION_REMOVED: { ...SESSION, childName: 'Ana' },
  SESSION_PARTICIPANT_JOINED: { ...SESSION, otherName: 'Ben Ruiz' },
  SESSION_PARTICIPANT_LEFT: { ...SESSION, otherName: 'Ben Ruiz' },
  APPLICATION_REVIEWED: { decision: 'CHANGES_REQUESTED', role: 'tutor', note: 'Please add your school.', url: 'https://app.example.org/s/rio/login' },
};
