/** Spanish of the Lessonspace upload messages (domain/session/lessonspace-messages.ts). */
export const esSessionLessonspace: Record<string, string> = {
  'sessionLessonspace.notLessonspace': 'Esta sesión no se celebra en una sala de Lessonspace.',
  'sessionLessonspace.noRoom': 'La sala de Lessonspace de esta sesión aún no está lista. Vuelva a intentarlo en un minuto.',
  'sessionLessonspace.notStarted': 'Esta sesión aún no ha empezado, así que no tiene ninguna clase que registrar.',
  'sessionLessonspace.recordingsDisabled': 'Las grabaciones están desactivadas en este programa.',
  'sessionLessonspace.lessonNotFound': 'Lessonspace aún no tiene ninguna clase de esta sesión.',
  'sessionLessonspace.noFiles': 'Elija al menos un archivo.',
  'sessionLessonspace.tooManyFiles': 'Suba como máximo {max} archivos a la vez.',
  'sessionLessonspace.fileTooLarge': 'Cada archivo puede ocupar como máximo {max} KB.',
  'sessionLessonspace.badFileName': 'Los nombres de archivo pueden tener letras, dígitos, espacios, puntos, guiones y guiones bajos, hasta 200 caracteres.',
  'sessionLessonspace.badFileType': 'Indique el tipo del archivo, por ejemplo application/pdf.',
  'sessionLessonspace.badFileContent': 'No se pudo leer el contenido de un archivo.',
  'sessionLessonspace.providerFailed': 'No se pudo contactar con Lessonspace. Vuelva a intentarlo más tarde.',
  'sessionLessonspace.providerCredentials': 'Lessonspace rechazó las credenciales de este ecosistema. Un administrador debe revisarlas.',
};
