/** Spanish of the account settings messages (domain/user/settings, api/settings), one line per key. */
export const esSettings: Record<string, string> = {
  'settings.notificationPreference': 'Notificaciones',
  'settings.staffNotificationPreference': 'Notificaciones para el personal',
  'settings.parentNotificationPreference': 'Notificaciones para padres',
  'settings.email': 'Correo electrónico',
  'settings.text': 'Mensaje de texto',
  'settings.textNeedsPhone': 'Añada un número de teléfono en los datos de contacto antes de elegir mensajes de texto.',
  'settings.kindTwice': 'Cada tipo de notificación solo puede enviarse una vez.',
  'settings.staffOnly': 'Las notificaciones para el personal son para el personal, los docentes y los administradores de un ecosistema o programa.',
  'settings.parentOnly': 'Las notificaciones para padres son para padres y tutores legales.',
  'settings.pictureNotImage': 'Este archivo no es una imagen que podamos usar: suba una imagen JPEG, PNG o WebP.',
  'settings.pictureRotation': 'La rotación debe ser 0, 90, 180 o 270.',
  'settings.pictureFile': 'Foto',
  'settings.joinNotMember': 'Puede unirse a los programas de una organización a la que pertenece.',
  'settings.joinAlreadyIn': 'Ya está en este programa, o sus administradores lo retiraron de él.',
  'settings.joinNoRole': 'Se unen a los programas los aprendices, los padres, los miembros de la comunidad y los tutores; a los administradores, al personal y a los docentes los añade un administrador.',
  'settings.joinArchived': 'Este programa está archivado: no admite personas nuevas.',
};
