/** What users read when a user command is refused (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const userMessages = defineMessages('user', {
  invalidEmail: 'Please enter a valid email address.',
  nameLabel: 'Name',
  nameRequired: 'This field is required.',
  nameTooLong: 'Please use at most 100 characters.',
  invalidPasswordHash: 'The password hash is not in PHC format.',
  emailTaken: 'An account with this email already exists.',
  alreadyRegistered: 'This account already exists.',
  notRegistered: 'This account does not exist.',
  platformAdminOnly: 'Only platform admins can create platform admin accounts.',
  programRequired: 'A program is required for this role.',
  programNotAllowed: 'This role is granted for the whole ecosystem, not for one program.',
  roleNotHeld: 'This user does not have that role.',
});
