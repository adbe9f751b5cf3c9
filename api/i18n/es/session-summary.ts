/** Spanish of api/session-summary/messages.ts. */
export const esSessionSummary: Record<string, string> = {
  'sessions.summary.rangeOrder': 'El último día no puede ser anterior al primero.',
  'sessions.summary.rangeTooLong': 'Pida como máximo {max, number} meses a la vez.',
  'sessions.summary.noPrograms': 'Elija al menos un programa.',
  'sessions.summary.tooManyPrograms': 'Elija como máximo {max, number} programas a la vez.',
  'sessions.summary.programTwice': 'Este programa aparece dos veces.',
  'sessions.summary.propertyRequired': 'Indique la propiedad que se añade o se edita.',
  'sessions.summary.keyMismatch': 'La clave de la propiedad debe ser la que se añade o se edita.',
  'sessions.summary.idIsKey': 'Una propiedad de sesión se identifica por su clave: omita su identificador o indique la clave.',
  'sessions.summary.notInProgram': 'Este programa no tiene la propiedad de sesión "{key}" para editarla; añádala.',
  'sessions.summary.differentInProgram': 'Este programa ya tiene otra propiedad de sesión "{key}"; edítela.',
};
