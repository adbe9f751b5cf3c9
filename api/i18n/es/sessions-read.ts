/** Spanish of the session policy's messages (domain/session/policy.ts) and of the session lists' (api/sessions/messages.ts). */
export const esSessionsRead: Record<string, string> = {
  'session.access.notAllowed': 'No tiene permiso para hacer esto con esta sesión.',
  'session.access.tuteeBookingDisabled': 'En este ecosistema no se pueden reservar sesiones por cuenta propia; pídaselo a su tutor o a un administrador.',
  'session.access.nonPairedLearner': 'Solo puede añadir a esta sesión a estudiantes con los que está emparejado.',
  'session.access.participantsLocked': 'No puede cambiar quién participa en esta sesión; pídaselo a un administrador.',
  'session.access.oneTutorOnly': 'Este programa permite un solo tutor por sesión.',
  'session.access.notYourChild': 'Solo puede reservar o cambiar sesiones para usted o para sus propios hijos.',
  'sessions.read.pageNumber': 'Las páginas empiezan en 1.',
  'sessions.read.pageSize': 'Pida entre 1 y {max, number} sesiones a la vez.',
  'sessions.read.sessionIdLabel': 'Identificador de la sesión',
  'sessions.read.tooManyUsers': 'Pregunte por {max, number} personas como máximo a la vez.',
  'sessions.read.rangeOrder': 'El final del intervalo debe ser posterior a su inicio.',
};
