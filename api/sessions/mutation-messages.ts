/** Messages of the session mutations' own checks (Spanish in api/i18n/es/session-mutations.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionMutationMessages = defineMessages('sessions.mutation', {
  joinTooEarly: 'You can join this session from {minutes, number} minutes before it starts.',
  joinOnlyToday: 'You can join only today\'s sessions.',
  joinEnded: 'This session has already ended.',
  joinNotOnline: 'This session is in person: there is no online lesson to join.',
  joinOthers: 'You can record only your own join, or your child\'s.',
  subjectLabel: 'Subject',
  subjectIdLabel: 'Subject id',
  descriptionLabel: 'Description',
  startTimeLabel: 'Start time',
  endTimeLabel: 'End time',
  timeZoneLabel: 'Time zone',
  customUrlLabel: 'Video link',
  locationNameLabel: 'Place',
  gradeLevelLabel: 'Grade level',
  schoolLabel: 'School',
  reasonLabel: 'Reason',
  seatsLabel: 'Seats',
  daysLabel: 'Days of the week',
  everyLabel: 'Repeat every',
  weeksLabel: 'Weeks',
  longitudeLabel: 'Longitude',
  latitudeLabel: 'Latitude',
  tutorsLabel: 'Tutors',
  tuteesLabel: 'Students',
});
