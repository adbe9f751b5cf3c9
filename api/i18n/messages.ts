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
  // The HTTP and GraphQL layer (docs/decisions/0013): refused before any resolver or command runs.
  rateLimitedAddress: 'Too many requests from your address. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
  tooManyFlagStreams: 'Too many open feature-flag connections. Close other tabs of this site and try again.',
  notFound: 'Not found.',
  invalidGlobalId: 'This id is not valid.',
  invalidFirst: '"first" must be a whole number from 0 to {max, number}.',
  unstorableValue: 'A value in this request is not valid; please check what you entered.',
  variablesTooDeep: 'Variables are nested too deeply (at most {max, number} levels).',
  valueAt: 'The value of {path}',
  fieldNameAt: 'A field name in {path}',
  stringInQuery: 'A string in the query',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key with each new action.',
  programNotInEcosystem: 'This program does not belong to this ecosystem.',
  noProgramsInDefaults: 'Platform-wide defaults cannot name programs; set tutor hours limits on each ecosystem.',
  // Request errors graphql-js and graphql-http word themselves (api/graphql/request-errors.ts).
  intOutOfRange: 'Whole numbers here must be between -2147483648 and 2147483647.',
  notWholeNumber: 'This must be a whole number.',
  notFiniteNumber: 'This must be a finite number.',
  wrongValueType: 'This value is not of the right kind.',
  requiredFieldMissing: 'A required field is missing.',
  variableMissing: 'A value for {name} is required.',
  variableInvalid: 'Value of {name}: {problem}',
  missingQuery: 'This request has no query.',
  badRequestUrl: 'The address of this request cannot be read.',
  badRequestBody: 'The body of this request is not a JSON object.',
  badRequestParameters: 'The query, variables, operation name or extensions of this request are not valid.',
  bodyTooLarge: 'This request is too large.',
  unknownPersistedQuery: 'This page is out of date. Please reload it.',
  persistedQueriesOnly: 'Only the app\'s own queries are accepted here.',
});
