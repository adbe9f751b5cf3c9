/** Spanish of the invitation messages (domain/invitation, api/invitations), one line per key. */
export const esInvitations: Record<string, string> = {
  'invitation.invalid': 'Este enlace de invitación no es válido',
  'invitation.alreadyAccepted': 'Esta invitación ya fue aceptada.',
  'invitation.alreadyIssued': 'Esta invitación ya fue enviada.',
  'invitation.expiryInPast': 'Una invitación debe vencer después de enviarse.',
  'invitation.alreadyMember': 'Esta persona ya es miembro de este ecosistema.',
  'invitation.notFound': 'No existe esa invitación.',
  'invitation.programRoleNeedsProgram': 'Elija el programa para este rol.',
  'invitation.programNotInEcosystem': 'Este programa no es de este ecosistema.',
  'invitation.roleUnknown': 'Elija uno de los roles: SUPER_ADMIN, TEACHER, STUDENT, MEMBER, PARENT, STAFF, PROGRAM_ADMIN, LEADER o PUPIL.',
  'invitation.passwordsDiffer': 'Las dos contraseñas no son iguales.',
  'invitation.noPendingInvitation': 'Esta persona no tiene ninguna invitación pendiente en este ecosistema.',
};
