/** Spanish of the invitation messages (domain/invitation, api/invitations), one line per key. */
export const esInvitations: Record<string, string> = {
  'invitation.invalid': 'Este enlace de invitación no es válido',
  'invitation.alreadyAccepted': 'Esta invitación ya fue aceptada.',
  'invitation.alreadyIssued': 'Esta invitación ya fue enviada.',
  'invitation.expiryInPast': 'Una invitación debe vencer después de enviarse.',
  'invitation.alreadyMember': 'Esta persona ya es miembro de este ecosistema.',
  'invitation.notFound': 'No existe esa invitación.',
  'invitation.programRoleNeedsProgram': 'Elija el programa para este rol.',
};
