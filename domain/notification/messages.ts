/** What users read about in-app notifications (English; Spanish in api/i18n/es/notifications.ts). */
import { defineMessages } from '../shared/i18n';

export const notificationMessages = defineMessages('notification', {
  notFound: 'This notification does not exist.',
  invalidId: 'This notification id is not valid.',
  tooMany: 'Mark at most {max} notifications at a time.',
  signInForStream: 'Sign in to receive your notifications.',
  tooManyStreams: 'Too many open notification connections. Close other tabs of this site and try again.',
});
