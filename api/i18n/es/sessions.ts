/** Spanish of the session messages (domain/session). */
export const esSessions: Record<string, string> = {
  'session.checkTimes': 'Revise las horas de inicio y fin seleccionadas.',
  'session.tooLong': 'Revise las horas de inicio y fin seleccionadas. Las sesiones no pueden durar más de 7 horas.',
  'session.tooShort': 'Revise las horas de inicio y fin seleccionadas. Las sesiones no pueden durar menos de 15 minutos.',
  'session.recurringDaysRequired': 'Seleccione al menos un día de la semana para que las sesiones se repitan.',
  'session.invalidTimeZone': 'Elija una zona horaria válida.',
  'session.invalidDate': 'Introduzca una fecha válida (AAAA-MM-DD).',
  'session.invalidTime': 'Introduzca una hora válida (HH:mm).',
  'session.invalidInterval': 'Las sesiones pueden repetirse cada 1 a {max} días, semanas o meses.',
  'session.invalidWeeks': 'Las sesiones pueden repetirse durante 1 a {max} semanas.',
  'session.endBeforeStart': 'La fecha de fin no puede ser anterior a la primera sesión.',
  'session.endDateOrWeeks': 'Elija un número de semanas o una fecha de fin para que las sesiones se repitan.',
  'session.seriesTooLong': 'Las sesiones pueden repetirse durante un año como máximo.',
  'session.noOccurrences': 'Ninguna sesión cae en los días elegidos entre estas fechas.',
  'session.invalidDay': 'Los días de la semana van de 0 (domingo) a 6 (sábado).',
};
