/**
 * Session-related configuration of an ecosystem. Defaults follow spec section 9: sessions last
 * 15 minutes to 7 hours and default to 30 minutes (the first entry of sessionDurations); start times
 * snap to quarter hours unless the ecosystem chooses another interval or none.
 */
import { z } from 'zod';
import { decimal, flag, list, oneOf, optionalDate, optionalParagraph, optionalText, whole } from '../fields';
import { fieldLabels as L } from '../labels';
import { zodMessage as zm } from '../../shared/i18n';
import { commonMessages } from '../../shared/messages';
import { ecosystemRules as rules } from '../messages';

export const MIN_SESSION_MINUTES = 15;
export const MAX_SESSION_MINUTES = 7 * 60;
/** 0 means "no constraint"; the others are the minutes start times snap to (spec section 9). */
export const SESSION_INTERVALS = [0, 15, 30, 60] as const;
export const SESSION_LIMIT_TYPES = ['NONE', 'WEEKLY', 'MONTHLY', 'TOTAL'] as const;

/** The bounds use the spec's own words (section 5). */
const duration = z.number({ error: zm(rules.durationNotWholeMinutes) })
  .int({ error: zm(rules.durationNotWholeMinutes) })
  .min(MIN_SESSION_MINUTES, { error: zm(rules.sessionTooShort) })
  .max(MAX_SESSION_MINUTES, { error: zm(rules.sessionTooLong) })
  .refine((m) => m % 5 === 0, { error: zm(rules.durationNotMultipleOfFive) });

const tutorHoursLimitSchema = z.object({
  programIds: list(L.programs, z.uuid({ error: zm(commonMessages.invalidId({ label: L.programId })) }), 200),
  weeklyHourLimit: decimal(L.weeklyHourLimit, 0.25, 168),
});

export const sessionSettingsSchema = z.object({
  tuteeBookEnabled: flag(L.tuteeBooking).default(true),
  zoomEnabled: flag(L.zoom).default(false),
  attendanceGraceMinutes: whole(L.attendanceGraceMinutes, 0, 120).default(10),
  overlapChecksEnabled: flag(L.overlapChecks).default(true),
  onlyJoinSessionsToday: flag(L.onlyJoinSessionsToday).default(false),
  sessionDurations: list(L.sessionDurations, duration, 12)
    .min(1, { error: zm(rules.chooseDuration) })
    .refine((xs) => new Set(xs).size === xs.length, { error: zm(rules.durationsRepeat) })
    .default([30, 45, 60, 90]),
  sessionInterval: z.number({ error: zm(rules.intervalNotMinutes) })
    .refine((n) => (SESSION_INTERVALS as readonly number[]).includes(n), { error: zm(rules.intervalNotAllowed) })
    .default(15),
  sessionAdvanceDayLimit: whole(L.advanceBookingDayLimit, 1, 365).default(90),
  tutorHoursLimitConfig: z.object({
    isEnabled: flag(L.tutorHoursLimit).default(false),
    limits: list(L.tutorHoursLimits, tutorHoursLimitSchema, 50).default([]),
  }).prefault({}).superRefine((c, ctx) => {
    if (c.isEnabled && c.limits.length === 0) ctx.addIssue({ code: 'custom', path: ['limits'], message: zm(rules.addTutorHoursLimit) });
  }),
}).prefault({});

export const sessionLimitsSchema = z.object({
  sessionLimitType: oneOf(L.sessionLimitType, SESSION_LIMIT_TYPES).default('NONE'),
  resetDate: optionalDate(L.resetDate).default(null),
  minuteLimit: whole(L.minuteLimit, 1, 100_000).nullable().default(null),
}).prefault({}).superRefine((l, ctx) => {
  if (l.sessionLimitType !== 'NONE' && l.minuteLimit === null) {
    ctx.addIssue({ code: 'custom', path: ['minuteLimit'], message: zm(rules.minuteLimitRequired) });
  }
});

export const lessonspaceConfigSchema = z.object({
  enabled: flag(L.lessonspace).default(true),
  recordingEnabled: flag(L.lessonspaceRecording).default(false),
}).prefault({});

export const timeBufferConfigSchema = z.object({
  enabled: flag(L.timeBuffer).default(false),
  lengthMinutes: whole(L.timeBufferLength, 5, 240).default(15),
}).prefault({});

export const courseSectionConfigSchema = z.object({
  enabled: flag(L.courseSections).default(false),
  maxEnrollments: whole(L.maximumEnrolments, 1, 1000).default(20),
  dropDeadlineDays: whole(L.dropDeadlineDays, 0, 365).default(7),
}).prefault({});

export const RATING_TYPES = ['STARS', 'CUSTOM'] as const;

export const ratingSettingsSchema = z.object({
  ratingType: oneOf(L.ratingType, RATING_TYPES).default('STARS'),
  ratingMaxValue: whole(L.maximumRating, 2, 100).default(5),
  lowRatingThreshold: whole(L.lowRatingThreshold, 1, 100).default(2),
}).prefault({}).superRefine((r, ctx) => {
  if (r.lowRatingThreshold >= r.ratingMaxValue) {
    ctx.addIssue({ code: 'custom', path: ['lowRatingThreshold'], message: zm(rules.lowRatingNotBelowMaximum) });
  }
});

export const customBannerConfigSchema = z.object({
  enabled: flag(L.banner).default(false),
  message: optionalParagraph(L.bannerMessage, 500).default(null),
  linkUrl: optionalText(L.bannerLink, 2000).default(null),
  linkText: optionalText(L.bannerLinkText, 80).default(null),
}).prefault({}).superRefine((b, ctx) => {
  if (b.enabled && b.message === null) ctx.addIssue({ code: 'custom', path: ['message'], message: zm(rules.bannerMessageRequired) });
  if (b.linkUrl !== null && !/^https?:\/\//i.test(b.linkUrl)) {
    ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: zm(rules.bannerLinkNotAddress) });
  }
});
