/**
 * Lists an ecosystem offers its members (languages, grades, time zones, schools, hours, subject
 * categories, roles, waivers) and its links to outside systems (sign-in district ids, roster
 * vendors, scheduled roster sync). Defaults are the lists spec section 9 gives in full.
 */
import { z } from 'zod';
import { singleLineText } from '../../shared/text';
import { clockTime, flag, isClockTime, list, oneOf, optionalText, optionalUrl, setOf, text, whole } from '../fields';
import { LANGUAGES } from './common';

export const SUBJECT_CATEGORIES = ['Art', 'Business', 'College Essay', 'Engineering/Tech', 'English', 'Foreign Language', 'Math',
  'Music', 'Test Prep', 'Science', 'Social Studies', 'Other'] as const;

export const US_GRADE_LEVELS = ['Pre-K', 'Kindergarten', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th',
  '12th', 'Freshman', 'Sophomore', 'Junior', 'Senior', 'Graduate Student', 'Recently Graduated', 'Other'];

export const US_TIMEZONES = [
  { id: 'America/New_York', label: 'Eastern', group: 'US' },
  { id: 'America/Chicago', label: 'Central', group: 'US' },
  { id: 'America/Denver', label: 'Mountain', group: 'US' },
  { id: 'America/Phoenix', label: 'Phoenix', group: 'US' },
  { id: 'America/Los_Angeles', label: 'Pacific', group: 'US' },
  { id: 'America/Anchorage', label: 'Alaska', group: 'US' },
  { id: 'Pacific/Honolulu', label: 'Honolulu', group: 'US' },
];

/** Ecosystem roles (spec section 6): platform roles, then program roles. */
export const ECOSYSTEM_ROLES = ['SUPER_ADMIN', 'TEACHER', 'STUDENT', 'MEMBER', 'PARENT', 'STAFF', 'PROGRAM_ADMIN', 'LEADER', 'PUPIL'] as const;
export const INTEGRATION_VENDORS = ['CLEVER', 'CLASSLINK', 'EDLINK', 'SCHOOLOGY', 'ONE_ROSTER'] as const;
export const SYNC_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;

const IANA_ZONE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const timeZoneId = z.string({ error: 'Time zone is required.' }).regex(IANA_ZONE, { error: 'Time zone must be a zone name like America/New_York.' });

const timezoneSchema = z.object({ id: timeZoneId, label: text('Time zone label', 60), group: text('Time zone group', 60) });

const schoolSchema = z.object({
  id: text('School id', 64),
  name: text('School name', 160),
  alias: optionalText('School alias', 80).default(null),
  city: optionalText('School city', 80).default(null),
  state: optionalText('School state', 40).default(null),
});

/** day: 0 is Sunday (weeks start on Sunday, spec section 9). */
const supportedHourSchema = z.object({
  day: whole('Day', 0, 6),
  startTime: clockTime('Start time'),
  endTime: clockTime('End time'),
}).refine((h) => !isClockTime(h.startTime) || !isClockTime(h.endTime) || h.startTime < h.endTime, {
  path: ['endTime'], error: 'End time must be after start time.',
});

const waiverSchema = z.object({
  id: text('Waiver id', 64),
  title: text('Waiver title', 120),
  url: optionalUrl('Waiver address').refine((v) => v !== null, { error: 'Waiver address is required.' }),
  required: flag('Waiver required').default(true),
});

const redirectRuleSchema = z.object({
  fromPath: z.string({ error: 'Redirect from is required.' }).max(2000, { error: 'Redirect from must be at most 2000 characters.' })
    .regex(/^\/\S*$/, { error: 'Redirect from must be a path starting with /.' }).superRefine(singleLineText('Redirect from')),
  toPath: z.string({ error: 'Redirect to is required.' }).max(2000, { error: 'Redirect to must be at most 2000 characters.' })
    .regex(/^(\/|https?:\/\/)\S*$/, { error: 'Redirect to must be a path starting with / or a web address.' }).superRefine(singleLineText('Redirect to')),
});

export const directorySchemaShape = {
  supportedLanguages: setOf('Supported languages', LANGUAGES).min(1, { error: 'Choose at least one language.' }).default(['en', 'sp']),
  supportedGradeLevels: list('Grade levels', text('Grade level', 40), 60).default(US_GRADE_LEVELS),
  supportedTimezones: list('Time zones', timezoneSchema, 200).default(US_TIMEZONES),
  supportedSchools: list('Schools', schoolSchema, 2000).default([]),
  /** Empty means tutoring may be booked at any hour. */
  supportedHours: list('Supported hours', supportedHourSchema, 50).default([]),
  subjectCategories: setOf('Subject categories', SUBJECT_CATEGORIES).default([...SUBJECT_CATEGORIES]),
  categories: list('Categories', text('Category', 60), 100).default([]),
  supportedRoles: setOf('Supported roles', ECOSYSTEM_ROLES).min(1, { error: 'Choose at least one role.' }).default([...ECOSYSTEM_ROLES]),
  waivers: list('Waivers', waiverSchema, 20).default([]),
  redirectRules: list('Redirect rules', redirectRuleSchema, 50).default([]),
};

export const ssoDistrictIdsSchema = z.object({
  clever: optionalText('Clever district id', 100).default(null),
  classLink: optionalText('ClassLink district id', 100).default(null),
  edLink: optionalText('Ed-Link district id', 100).default(null),
  schoology: optionalText('Schoology district id', 100).default(null),
}).prefault({});

/** Which roster vendors are switched on. Their credentials belong to integration records, never here. */
export const integrationsConfigSchema = z.object({
  enabledVendors: setOf('Integration vendors', INTEGRATION_VENDORS).default([]),
}).prefault({});

export const scheduledSyncSchema = z.object({
  enabled: flag('Scheduled roster sync').default(false),
  frequency: oneOf('Sync frequency', SYNC_FREQUENCIES).default('DAILY'),
  hourOfDay: whole('Sync hour', 0, 23).default(2),
  timeZoneId: timeZoneId.default('America/New_York'),
}).prefault({});

export const analyticsConfigSchema = z.object({
  dashboardEnabled: flag('Analytics dashboard').default(true),
  studentUsageEnabled: flag('Student usage dashboard').default(true),
  tutorUsageEnabled: flag('Tutor usage dashboard').default(true),
  sessionsEnabled: flag('Sessions dashboard').default(true),
}).prefault({});
