/** What users read when a feature-flag command is refused (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const featureFlagMessages = defineMessages('featureFlag', {
  nameRequired: 'Flag name is required.',
  unknown: 'Unknown feature flag.',
  noSuchFlag: 'No feature flag is named "{name}".',
});
