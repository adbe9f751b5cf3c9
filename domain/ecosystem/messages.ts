/** What users read when an ecosystem command is refused (English catalogue). */
export const ecosystemMessages = {
  notFound: 'This ecosystem does not exist.',
  alreadyExists: 'An ecosystem with this id already exists.',
  alreadyArchived: 'This ecosystem is already archived.',
  notArchived: 'This ecosystem is not archived.',
  archivedReadOnly: 'This ecosystem is archived; unarchive it before changing it.',
  alreadyMigrated: 'This ecosystem has already been migrated to a program.',
  profileIdTaken: (profileId: string) => `The profile id "${profileId}" is already used by another ecosystem.`,
  identityNotDefault: (key: string) => `${key} is set per ecosystem and has no platform-wide default.`,
  changesNotObject: 'The changes must be an object of fields.',
} as const;
