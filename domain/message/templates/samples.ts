/**
 * One parameter set per message kind: the templates test renders every kind from these, and the
 * admins' preview of every template in both languages can use them. A kind missing here is a type error.
 */
import type { TemplateParams } from './kinds';

/** A Monday 4 PM New York session of Algebra, told to the participant, with its unsubscribe link. */
const SESSION: TemplateParams['SESSION_BOOKED'] = {
  sessionSubject: 'Algebra', startAt: '2026-11-23T21:00:00.000Z', endAt: '2026-11-23T22:00:00.000Z', previousStartAt: null,
  timeZoneId: 'America/New_York', more: 0, childName: null, otherName: null, reason: null,
  url: 'https://app.example.org/s/rio/sessions/5e55a000-0000-4000-8000-000000000001',
  unsubscribeUrl: 'https://app.example.org/unsubscribe/abc.def',
};

export const SAMPLES: TemplateParams = {
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
  SESSION_BOOKED: { ...SESSION, more: 7 },
  SESSION_MOVED: { ...SESSION, previousStartAt: '2026-11-23T21:00:00.000Z', startAt: '2026-11-24T21:00:00.000Z', endAt: '2026-11-24T22:00:00.000Z' },
  SESSION_CANCELLED: { ...SESSION, reason: 'The school is closed.', more: 1 },
  SESSION_RESTORED: SESSION,
  SESSION_REMOVED: { ...SESSION, childName: 'Ana' },
  SESSION_PARTICIPANT_JOINED: { ...SESSION, otherName: 'Ben Ruiz' },
  SESSION_PARTICIPANT_LEFT: { ...SESSION, otherName: 'Ben Ruiz' },
  APPLICATION_REVIEWED: { decision: 'CHANGES_REQUESTED', role: 'tutor', note: 'Please add your school.', url: 'https://app.example.org/s/rio/login' },
};
