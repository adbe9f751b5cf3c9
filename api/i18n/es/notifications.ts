/** Spanish of in-app notifications (domain/notification/messages.ts). */
export const esNotifications: Record<string, string> = {
  'notification.notFound': 'Esta notificación no existe.',
  'notification.invalidId': 'Este identificador de notificación no es válido.',
  'notification.tooMany': 'Marque como máximo {max} notificaciones a la vez.',
  'notification.signInForStream': 'Inicie sesión para recibir sus notificaciones.',
  'notification.tooManyStreams': 'Hay demasiadas conexiones de notificaciones abiertas. Cierre otras pestañas de este sitio y vuelva a intentarlo.',
};
