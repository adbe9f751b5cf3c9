/** What users read when a program command is refused (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const programMessages = defineMessages('program', {
  notFound: 'This program does not exist.',
  alreadyExists: 'A program with this id already exists.',
  alreadyArchived: 'This program is already archived.',
  notArchived: 'This program is not archived.',
  archivedReadOnly: 'This program is archived; unarchive it before changing it.',
  notDemo: 'Only demo programs can be deleted; archive this program instead.',
});

/** Rules of a program's settings (domain/program/config.ts). */
export const programRules = defineMessages('program.rule', {
  requiredButHidden: '{field} cannot be required when it is not shown.',
  welcomeTitleRequired: 'Welcome flow title is required when a custom title is shown.',
  welcomeDescriptionRequired: 'Welcome flow description is required when a custom description is shown.',
  chooseSessionType: 'Choose at least one session type.',
  automaticRecordingNeedsRecording: 'Automatic recording needs lesson recording on.',
});
