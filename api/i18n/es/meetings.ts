/** Spanish of meeting rooms and recordings (api/meetings/messages.ts, domain/meetings/messages.ts). */
export const esMeetings: Record<string, string> = {
  'meetings.apiKeyRequired': 'Escriba la clave de API de su organización de Lessonspace.',
  'meetings.accountIdRequired': 'Escriba el ID de cuenta de su aplicación de Zoom.',
  'meetings.clientIdRequired': 'Escriba el ID de cliente de su aplicación de Zoom.',
  'meetings.clientSecretRequired': 'Escriba el secreto de cliente de su aplicación de Zoom.',
  'meetings.credentialNotOneWord': 'Péguelo tal como se lo dieron: una sola palabra, sin espacios ni saltos de línea.',
  'meetings.credentialTooLong': 'Es más largo que cualquier credencial que da el proveedor (como máximo {max} caracteres).',
  'recordingExports.templateNotValid': 'Use letras, dígitos, espacios, puntos, guiones y guiones bajos, y solo los marcadores {placeholders}.',
  'recordingExports.definitionNotFound': 'Esta definición de exportación no existe (puede que se haya eliminado).',
  'recordingExports.audioHasNoLayout': 'Una exportación de audio no tiene disposición: elija vídeo, o ninguna disposición.',
};
