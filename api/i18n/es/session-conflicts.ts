/** Spanish of a booking's conflicts (domain/session/conflict-messages.ts). */
export const esSessionConflicts: Record<string, string> = {
  'session.conflict.overlap': '{role} {name} ya tiene una sesión de {start} a {end}.',
  'session.conflict.timeBuffer': '{role} {name} tiene una sesión de {start} a {end}; entre sesiones hacen falta {minutes, plural, one {# minuto} other {# minutos}}.',
  'session.conflict.availability': 'Este horario está fuera de las horas disponibles de {role} {name}.',
  'session.conflict.supportedHours': 'Este horario está fuera de las horas en que se pueden reservar sesiones aquí.',
  'session.conflict.sessionInterval': '{minutes, plural, =60 {Las sesiones deben empezar en punto.} other {Las sesiones deben empezar a un múltiplo de # minutos después de la hora.}}',
  'session.conflict.sessionDuration': 'Aquí las sesiones duran {durations} minutos; esta dura {minutes}.',
  'session.conflict.advanceDays': 'Las sesiones se pueden reservar con {days, plural, one {# día} other {# días}} de antelación como máximo.',
  'session.conflict.personAdvanceMinutes': '{role} {name} acepta reservas con {limit, plural, one {# minuto} other {# minutos}} de antelación como máximo.',
  'session.conflict.personAdvanceHours': '{role} {name} acepta reservas con {limit, plural, one {# hora} other {# horas}} de antelación como máximo.',
  'session.conflict.personAdvanceDays': '{role} {name} acepta reservas con {limit, plural, one {# día} other {# días}} de antelación como máximo.',
  'session.conflict.weeklyMinuteLimit': '{role} {name} superaría el límite semanal de {total} minutos de sesión: quedan {remaining} de {total} minutos.',
  'session.conflict.monthlyMinuteLimit': '{role} {name} superaría el límite mensual de {total} minutos de sesión: quedan {remaining} de {total} minutos.',
  'session.conflict.totalMinuteLimit': '{role} {name} superaría el límite total de {total} minutos de sesión: quedan {remaining} de {total} minutos.',
  'session.conflict.tutorHoursLimit': '{role} {name} superaría el límite semanal de {total} minutos de tutoría en este programa: quedan {remaining} de {total} minutos.',
  'session.conflict.notInEcosystem': 'Todas las personas de una sesión deben pertenecer a su ecosistema.',
  'session.conflict.unknownTimeZone': 'ZONA HORARIA NO VÁLIDA',
};
