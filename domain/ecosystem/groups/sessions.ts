/**
 * Session-related configuration of an ecosystem. Defaults follow spec section 9: sessions last
 * 15 minutes to 7 hours and default to 30 minutes (the first entry of sessionDurations); start times
 * snap to quarter hours unless the ecosystem chooses another interval or none.
 */
import { z } from 'zod';
import { decimal, flag, list, oneOf, optionalDate, optionalParagraph, optionalText, whole } from '../fields';

export const MIN_SESSION_MINUTES = 15;
export const MAX_SESSION_MINUTES = 7 * 60;
/** 0 means "no constraint"; the others are the minutes start times snap to (spec section 9). */
export const SESSION_INTERVALS = [0, 15, 30, 60] as const;
export const SESSION_LIMIT_TYPES = ['NONE', 'WEEKLY', 'MONTHLY', 'TOTAL'] as const;

/** The bounds use the spec's own words (section 5). */
const duration = z.number({ error: 'Session durations must be whole minutes.' })
  .int({ error: 'Session durations must be whole minutes.' })
  .min(MIN_SESSION_MINUTES, { error: 'Sessions cannot be shorter than 15 minutes.' })
  .max(MAX_SESSION_MINUTES, { error: 'Sessions cannot be longer than 7 hours.' })
  .refine((m) => m % 5 === 0, { error: 'Session durations must be a multiple of 5 minutes.' });

const tutorHoursLimitSchema = z.object({
  programIds: list('Programs', z.uuid({ error: 'Program id must be a valid id.' }), 200),
  weeklyHourLimit: decimal('Weekly hour limit', 0.25, 168),
});

export const sessionSettingsSchema = z.object({
  tuteeBookEnabled: flag('Tutee booking').default(true),
  zoomEnabled: flag('Zoom').default(false),
  attendanceGraceMinutes: whole('Attendance grace minutes', 0, 120).default(10),
  overlapChecksEnabled: flag('Overlap checks').default(true),
  onlyJoinSessionsToday: flag('Only join sessions today').default(false),
  sessionDurations: list('Session durations', duration, 12)
    .min(1, { error: 'Choose at least one session duration.' })
    .refine((xs) => new Set(xs).size === xs.length, { error: 'Session durations must not repeat a value.' })
    .default([30, 45, 60, 90]),
  sessionInterval: z.number({ error: 'Session interval must be a number of minutes.' })
    .refine((n) => (SESSION_INTERVALS as readonly number[]).includes(n), { error: 'Session interval must be 0 (no constraint), 15, 30 or 60 minutes.' })
    .default(15),
  sessionAdvanceDayLimit: whole('Advance booking day limit', 1, 365).default(90),
  tutorHoursLimitConfig: z.object({
    isEnabled: flag('Tutor hours limit').default(false),
    limits: list('Tutor hours limits', tutorHoursLimitSchema, 50).default([]),
  }).prefault({}).superRefine((c, ctx) => {
    if (c.isEnabled && c.limits.length === 0) ctx.addIssue({ code: 'custom', path: ['limits'], message: 'Add at least one limit or turn the tutor hours limit off.' });
  }),
}).prefault({});

export const sessionLimitsSchema = z.object({
  sessionLimitType: oneOf('Session limit type', SESSION_LIMIT_TYPES).default('NONE'),
  resetDate: optionalDate('Reset date').default(null),
  minuteLimit: whole('Minute limit', 1, 100_000).nullable().default(null),
}).prefault({}).superRefine((l, ctx) => {
  if (l.sessionLimitType !== 'NONE' && l.minuteLimit === null) {
    ctx.addIssue({ code: 'custom', path: ['minuteLimit'], message: 'Minute limit is required when a session limit is set.' });
  }
});

export const lessonspaceConfigSchema = z.object({
  enabled: flag('Lessonspace').default(true),
  recordingEnabled: flag('Lessonspace recording').default(false),
}).prefault({});

export const timeBufferConfigSchema = z.object({
  enabled: flag('Time buffer').default(false),
  lengthMinutes: whole('Time buffer length', 5, 240).default(15),
}).prefault({});

export const courseSectionConfigSchema = z.object({
  enabled: flag('Course sections').default(false),
  maxEnrollments: whole('Maximum enrolments', 1, 1000).default(20),
  dropDeadlineDays: whole('Drop deadline (days)', 0, 365).default(7),
}).prefault({});

export const RATING_TYPES = ['STARS', 'CUSTOM'] as const;

export const ratingSettingsSchema = z.object({
  ratingType: oneOf('Rating type', RATING_TYPES).default('STARS'),
  ratingMaxValue: whole('Maximum rating', 2, 100).default(5),
  lowRatingThreshold: whole('Low rating threshold', 1, 100).default(2),
}).prefault({}).superRefine((r, ctx) => {
  if (r.lowRatingThreshold >= r.ratingMaxValue) {
    ctx.addIssue({ code: 'custom', path: ['lowRatingThreshold'], message: 'Low rating threshold must be below the maximum rating.' });
  }
});

export const customBannerConfigSchema = z.object({
  enabled: flag('Banner').default(false),
  message: optionalParagraph('Banner message', 500).default(null),
  linkUrl: optionalText('Banner link', 2000).default(null),
  linkText: optionalText('Banner link text', 80).default(null),
}).prefault({}).superRefine((b, ctx) => {
  if (b.enabled && b.message === null) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Banner message is required when the banner is shown.' });
  if (b.linkUrl !== null && !/^https?:\/\//i.test(b.linkUrl)) {
    ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: 'Banner link must be a web address starting with http:// or https://.' });
  }
});
