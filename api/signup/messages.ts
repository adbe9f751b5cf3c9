/** What the sign-up API says (English; Spanish in api/i18n/es/signup.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const signupApiMessages = defineMessages('signup', {
  ecosystemNotFound: 'This ecosystem does not exist or is not open for sign-up.',
  closed: 'Sign-up as {type} is not open in this ecosystem.',
  nothingToUpdate: 'Choose a decision or a background check status.',
  programOnlyForTutors: 'A program can be given only when approving a tutor.',
  programNotInEcosystem: 'This program is not part of the application\'s ecosystem.',
  noOpenBackgroundCheck: 'This application has no background check waiting to be done.',
  ecosystemLabel: 'Ecosystem',
  applicationLabel: 'Application',
  programLabel: 'Program',
  ticketOtherEcosystem: 'This sign-up link belongs to another ecosystem.',
});
