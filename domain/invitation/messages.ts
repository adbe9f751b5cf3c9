/** What people read about invitations (English; Spanish in api/i18n/es/invitations.ts). */
import { defineMessages } from '../shared/i18n';

export const invitationMessages = defineMessages('invitation', {
  /** The one answer for a used, expired, replaced or mistyped link (spec section 8). */
  invalid: 'This Invite Link Is Invalid',
  alreadyAccepted: 'This invitation was already accepted.',
  alreadyIssued: 'This invitation was already sent.',
  expiryInPast: 'An invitation must expire after it is sent.',
  alreadyMember: 'This person is already a member of this ecosystem.',
  notFound: 'There is no such invitation.',
  programRoleNeedsProgram: 'Choose the program for this role.',
  programNotInEcosystem: 'This program is not one of this ecosystem\'s.',
  roleUnknown: 'Choose one of the roles: SUPER_ADMIN, TEACHER, STUDENT, MEMBER, PARENT, STAFF, PROGRAM_ADMIN, LEADER or PUPIL.',
  passwordsDiffer: 'The two passwords are not the same.',
  noPendingInvitation: 'This person has no invitation waiting in this ecosystem.',
  fileEmpty: 'The file has no rows to import under its header row.',
  fileUnknownColumn: 'Unknown column "{name}": use email, firstName, lastName, role, program and language.',
  fileMissingColumn: 'The header row needs a column "{name}".',
  fileTooLong: 'A file can hold at most {max} people; split it into smaller files.',
  fileDuplicateEmail: 'This e-mail address is also on row {row}.',
  programUnknown: 'No program of this ecosystem has this name or id.',
  roleNotYours: 'You cannot invite people into this role.',
  fileJobByUpload: 'This job is started by uploading an invitation file (inviteUsersFromFile).',
});
