/** What users read about account settings (English; Spanish in api/i18n/es/settings.ts). Decision 0050. */
import { defineMessages } from '../../shared/i18n';

export const settingsMessages = defineMessages('settings', {
  notificationPreference: 'Notifications',
  staffNotificationPreference: 'Staff notifications',
  parentNotificationPreference: 'Parent notifications',
  email: 'Email',
  text: 'Text',
  textNeedsPhone: 'Add a phone number under contact info before choosing text messages.',
  kindTwice: 'Each kind of notification can be sent once.',
  staffOnly: 'Staff notifications are for staff, teachers and admins of an ecosystem or program.',
  parentOnly: 'Parent notifications are for parents and guardians.',
  // Profile pictures (docs/decisions/0051).
  pictureNotImage: 'This file is not a picture we can use: upload a JPEG, PNG or WebP image.',
  pictureRotation: 'The rotation must be 0, 90, 180 or 270.',
  pictureFile: 'Picture',
  // Joining a program (docs/decisions/0050).
  joinNotMember: 'You can join the programs of an organisation you belong to.',
  joinAlreadyIn: 'You are already in this program, or its admins removed you from it.',
  joinNoRole: 'Programs are joined by learners, parents, community members and tutors; admins, staff and teachers are added by an admin.',
  joinArchived: 'This program is archived: it takes no new people.',
  // Unsubscribe links of notification e-mails (docs/decisions/0072).
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Open it again from the e-mail, or change your notifications in your account settings.',
});
