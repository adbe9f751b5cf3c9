/**
 * What users read when an ecosystem command is refused or its settings break a rule. English
 * here (ICU MessageFormat); the Spanish of each key is in api/i18n/es/domain.ts.
 */
import { defineMessages } from '../shared/i18n';

export const ecosystemMessages = defineMessages('ecosystem', {
  notFound: 'This ecosystem does not exist.',
  alreadyExists: 'An ecosystem with this id already exists.',
  alreadyArchived: 'This ecosystem is already archived.',
  notArchived: 'This ecosystem is not archived.',
  archivedReadOnly: 'This ecosystem is archived; unarchive it before changing it.',
  alreadyMigrated: 'This ecosystem has already been migrated to a program.',
  profileIdTaken: 'The profile id "{profileId}" is already used by another ecosystem.',
  identityNotDefault: '{label} is set per ecosystem and has no platform-wide default.',
});

/** Rules of the settings groups (domain/ecosystem/groups), beyond the field builders' own checks. */
export const ecosystemRules = defineMessages('ecosystem.rule', {
  // The session-length sentences are the spec's own words (section 5).
  sessionTooShort: 'Sessions cannot be shorter than 15 minutes.',
  sessionTooLong: 'Sessions cannot be longer than 7 hours.',
  durationNotWholeMinutes: 'Session durations must be whole minutes.',
  durationNotMultipleOfFive: 'Session durations must be a multiple of 5 minutes.',
  chooseDuration: 'Choose at least one session duration.',
  durationsRepeat: 'Session durations must not repeat a value.',
  intervalNotMinutes: 'Session interval must be a number of minutes.',
  intervalNotAllowed: 'Session interval must be 0 (no constraint), 15, 30 or 60 minutes.',
  addTutorHoursLimit: 'Add at least one limit or turn the tutor hours limit off.',
  minuteLimitRequired: 'Minute limit is required when a session limit is set.',
  lowRatingNotBelowMaximum: 'Low rating threshold must be below the maximum rating.',
  bannerMessageRequired: 'Banner message is required when the banner is shown.',
  bannerLinkNotAddress: 'Banner link must be a web address starting with http:// or https://.',
  creditPurchasesNeedPayments: 'Credit purchases need payments to be enabled.',
  payoutsNeedPayments: 'Tutor payouts need payments to be enabled.',
  internalKeyRequired: 'Internal key name is required.',
  internalKeyPattern: 'Internal key name must start with a letter and use only letters, digits and underscores (at most 64).',
  internalKeyTwice: 'Internal key name "{key}" is used twice.',
  choiceNeedsOption: 'A choice property needs at least one option.',
  optionValueTwice: 'Option value "{value}" is used twice.',
  timeZoneRequired: 'Time zone is required.',
  timeZoneNotZone: 'Time zone must be a zone name like America/New_York.',
  endBeforeStart: 'End time must be after start time.',
  waiverAddressRequired: 'Waiver address is required.',
  redirectFromRequired: 'Redirect from is required.',
  redirectFromNotPath: 'Redirect from must be a path starting with /.',
  redirectToRequired: 'Redirect to is required.',
  redirectToNotPathOrAddress: 'Redirect to must be a path starting with / or a web address.',
  chooseLanguage: 'Choose at least one language.',
  chooseRole: 'Choose at least one role.',
  backgroundCheckAddressRequired: 'Background check address is required for an external background check.',
  imageNotAddressOrPath: '{label} must be a web address or a path starting with /.',
  profileIdPattern: 'Profile id may use only lowercase letters, digits and hyphens, and must start and end with a letter or digit.',
  profileIdReserved: 'This profile id is reserved; please choose another.',
  requiredPropertyNotKey: 'Required property must be a key name.',
  requiredPropertyUnknown: 'Required property "{key}" is not a profile custom property.',
});
