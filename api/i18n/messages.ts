/**
 * What the API layer itself says to users (arguments it refuses before any command, the generic
 * failure, throttling). English here; the Spanish is in api/i18n/es/api.ts.
 */
import { defineMessages } from '../../domain/shared/i18n';

export const apiMessages = defineMessages('api', {
  internal: 'Something went wrong. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  invalidDateTime: 'Enter a date and time with its zone, such as 2026-11-22T15:00:00Z.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  jsonLiteralVariables: 'JSON literal variables are not supported.',
  tooManyIds: 'Ask for at most {max, number} ids at once.',
  reviewAppSecretRequired: 'A valid review-app secret is required.',
  jobMetadataNotObject: 'Job metadata must be an object.',
  featureFlagNotFound: 'No such feature flag.',
  ecosystemRequired: 'Ecosystem is required.',
  profileHeaderMissing: 'Choose an ecosystem first: the x-ecosystem-profile-id header is missing.',
  programOutsideEcosystem: 'Programs can only be created in the ecosystem you are managing.',
  programCannotMove: 'A program cannot move to another ecosystem.',
  ecosystemIdentityPlatformOnly: 'Only platform admins can change the profile id, kinds or demo flag of an ecosystem.',
});
