/** What users read when a program command is refused (English catalogue). */
export const programMessages = {
  notFound: 'This program does not exist.',
  alreadyExists: 'A program with this id already exists.',
  alreadyArchived: 'This program is already archived.',
  notArchived: 'This program is not archived.',
  archivedReadOnly: 'This program is archived; unarchive it before changing it.',
  notDemo: 'Only demo programs can be deleted; archive this program instead.',
  changesNotObject: 'The changes must be an object of fields.',
} as const;
