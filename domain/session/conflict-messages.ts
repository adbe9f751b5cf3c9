/**
 * What a booking's conflicts say (English; Spanish in api/i18n/es/session-conflicts.ts). `role` is
 * the ecosystem's own word for a tutor (tutorTerm) or a tutee (tuteeTerm); times read "4:00 PM"
 * in the session's zone, as the spec shows times (section 9).
 */
import { defineMessages } from '../shared/i18n';

export const conflictMessages = defineMessages('session.conflict', {
  overlap: '{role} {name} already has a session from {start} to {end}.',
  timeBuffer: '{role} {name} has a session from {start} to {end}; sessions need {minutes, plural, one {# minute} other {# minutes}} between them.',
  availability: 'This time is outside the available hours of {role} {name}.',
  supportedHours: 'This time is outside the hours in which sessions can be booked here.',
  sessionInterval: '{minutes, plural, =60 {Sessions must start on the hour.} other {Sessions must start at a multiple of # minutes past the hour.}}',
  sessionDuration: 'Sessions here last {durations} minutes; this one lasts {minutes}.',
  advanceDays: 'Sessions can be booked at most {days, plural, one {# day} other {# days}} ahead.',
  personAdvanceMinutes: '{role} {name} takes bookings at most {limit, plural, one {# minute} other {# minutes}} ahead.',
  personAdvanceHours: '{role} {name} takes bookings at most {limit, plural, one {# hour} other {# hours}} ahead.',
  personAdvanceDays: '{role} {name} takes bookings at most {limit, plural, one {# day} other {# days}} ahead.',
  weeklyMinuteLimit: '{role} {name} would go over the weekly limit of {total} session minutes: {remaining} of {total} minutes left.',
  monthlyMinuteLimit: '{role} {name} would go over the monthly limit of {total} session minutes: {remaining} of {total} minutes left.',
  totalMinuteLimit: '{role} {name} would go over the limit of {total} session minutes in all: {remaining} of {total} minutes left.',
  tutorHoursLimit: '{role} {name} would go over the weekly limit of {total} tutoring minutes in this program: {remaining} of {total} minutes left.',
  notInEcosystem: 'Everyone in a session must belong to its ecosystem.',
  personNotFound: 'This person is not in any of your ecosystems.',
  forceBookAdminsOnly: 'Only admins can book a session despite its conflicts.',
});
