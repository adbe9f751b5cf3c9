/** Messages of the session mutations' own checks (Spanish in api/i18n/es/session-mutations.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionMutationMessages = defineMessages('sessions.mutation', {
  joinTooEarly: 'You can join this session from {minutes, number} minutes before it starts.',
  joinOnlyToday: 'You can join only today\'s sessions.',
  joinEnded: 'This session has already ended.',
  joinNotOnline: 'This session is in person: there is no online lesson to join.',
  joinOthers: 'You can record only your own join, or your child\'s.',
});
