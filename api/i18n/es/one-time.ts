/** Spanish of one-time links (api/auth/one-time/messages.ts) and the e-mail verification refusal of domain/user/messages.ts. */
export const esOneTime: Record<string, string> = {
  'oneTime.linkInvalid': 'Este enlace no es válido o ha caducado. Pida uno nuevo.',
  'oneTime.ecosystemNotFound': 'No encontramos esta organización. Vuelva a abrir su página, o pídalo sin ella.',
  'user.emailNoLongerCurrent': 'Este enlace es para una dirección de correo que su cuenta ya no usa.',
  'user.emailAlreadyYours': 'Esta ya es la dirección de correo de su cuenta.',
  'mfa.notEnabled': 'La autenticación multifactor está desactivada: actívela para obtener códigos de recuperación.',
};
