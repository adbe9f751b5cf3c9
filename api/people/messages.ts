/** What the people API says itself (English; Spanish in api/i18n/es/people.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const peopleApiMessages = defineMessages('people', {
  userIdLabel: 'User id',
  ecosystemIdLabel: 'Ecosystem id',
  schoolNotInEcosystems: 'Choose a school of one of your ecosystems.',
  modeOwnAccountOnly: 'Only the person can switch their own mode.',
  adminFieldsOnly: 'Only an admin of this person\'s ecosystem can change pay, approval or background check.',
  ecosystemRequired: 'Name the ecosystem, or browse one (x-ecosystem-profile-id header).',
});
