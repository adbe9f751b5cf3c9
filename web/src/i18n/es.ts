/** Spanish catalogue (SPEC's `sp`); the type makes a missing or extra key a compile error. */
import type { CoreMessageId } from './en';

export const es: Record<CoreMessageId, string> = {
  'terms.tutor.default': 'Líder',
  'terms.tutee.default': 'Aprendiz',
  'terms.module.default': 'Módulo',

  'nav.label': 'Principal',
  'nav.home': 'Inicio',
  'nav.adminPanel': 'Panel de administración interna',
  'nav.login': 'Iniciar sesión',
  'nav.logout': 'Cerrar sesión',
  'nav.skipToContent': 'Saltar al contenido',
  'nav.loading': 'Cargando la página',
  'language.label': 'Idioma',
  'language.menu': 'Idioma: {language}',

  'dialog.close': 'Cerrar',
  'dialog.continue': 'Continuar',
  'dialog.closeButton': 'Cerrar el diálogo',
  'dialog.successIcon': 'Éxito',
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.loading': 'Cargando…',
  'common.actions': 'Acciones',
  'common.actionsFor': 'Acciones para {name}',
  'common.yes': 'Sí',
  'common.no': 'No',
  'common.archived': 'Archivado',
  'common.active': 'Activo',
  'common.optional': '(opcional)',

  'error.title': 'Algo salió mal',
  'error.retry': 'Intentar de nuevo',
  'error.goHome': 'Ir a la página de inicio',
  'notFound.title': 'Página no encontrada',
  'notFound.text': 'No encontramos la página que buscaba. Puede que se haya movido o que la dirección esté mal escrita.',

  // Issue 6, web app: admin areas, errors without an answer, small-screen and log-in changes.
  'nav.ecosystemAdmin': 'Administración',
  'error.network': 'No pudimos conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.',
  'login.titleFor': 'Iniciar sesión en {name}',
  'ecosystemAdmin.title': 'Administración del ecosistema',
  'ecosystemAdmin.intro': 'Los ecosistemas que administra: su configuración, sus programas y su historial de cambios.',
  'ecosystemAdmin.none': 'No administra ningún ecosistema.',
  'ecosystemAdmin.listLabel': 'Ecosistemas que administra',

  'home.title': 'Bienvenido',
  'home.signedIn': 'Ha iniciado sesión como {email}.',
  'home.signedOut': 'Tutoría y mentoría para escuelas, distritos y organizaciones comunitarias: {tutorTerm} y {tuteeTerm} se emparejan, reservan sesiones y aprenden juntos.',
  'home.loginCta': 'Inicie sesión para continuar',
  'home.roles': '{count, plural, =0 {Aún no tiene roles en ningún ecosistema.} one {Tiene # rol en un ecosistema.} other {Tiene # roles en ecosistemas.}}',
  'home.ecosystems': 'Sus ecosistemas',
  'home.ecosystemAdmin': 'Administración',

  'login.title': 'Iniciar sesión',
  'login.email': 'Correo electrónico',
  'login.password': 'Contraseña',
  'login.togglePassword': 'Mostrar u ocultar la contraseña',
  'login.submit': 'Iniciar sesión',
  'login.emailInvalid': 'Introduzca un correo electrónico válido.',
  'login.passwordRequired': 'Introduzca su contraseña.',
  'login.failed': 'No se pudo iniciar sesión',
  'login.mfaTitle': 'Verifique su identidad',

  'admin.title': 'Panel de administración interna',
  'admin.intro': 'Herramientas para el equipo de la plataforma.',
  'admin.manageEcosystems': 'Gestionar ecosistemas',
  'admin.manageEcosystemsText': 'Buscar, crear, editar y archivar ecosistemas; crear o eliminar datos de demostración.',

  'ecosystems.edit': 'Editar',
  'ecosystems.editTitle': 'Editar {name}',
  'ecosystems.programs': 'Programas',
  'ecosystems.breadcrumbs': 'Historial de cambios',
  'ecosystems.demo': 'Demostración',
  'ecosystems.loadMore': 'Cargar más',


  'programs.title': 'Programas de {name}',
  'programs.intro': 'Cada programa tiene su propia configuración para las personas que participan: los roles {tutorTerm} y {tuteeTerm}.',
  'programs.back': 'Volver a los ecosistemas',

  // Multi-factor authentication: the log-in's code step and /account-settings/multi-factor-authentication.
  'login.mfaCode': 'Código de autenticación',
  'login.mfaSubmit': 'Verificar',
  'login.mfaEnrolTitle': 'Configure la autenticación multifactor',
  'login.mfaContinue': 'Continuar',
  'login.mfaStartOver': 'Volver a empezar',

  // /account-settings/password (changePassword).
  'password.title': 'Contraseña',
  'password.intro': 'Cambie la contraseña con la que inicia sesión. Sus otras sesiones se cierran; esta continúa.',
  'password.current': 'Contraseña actual',
  'password.new': 'Contraseña nueva',
  'password.rules': 'Al menos 8 caracteres. No se aceptan contraseñas comunes o filtradas; unas pocas palabras sin relación forman una segura.',
  'password.retype': 'Escriba de nuevo la contraseña nueva',
  'password.submit': 'Cambiar la contraseña',
  'password.changed': 'Su contraseña se cambió.',
  'password.currentRequired': 'Escriba su contraseña actual.',
  'password.tooShort': 'Use al menos 8 caracteres.',
  'password.mismatch': 'Las dos contraseñas nuevas no coinciden.',

  // The breadcrumbs page (the audit trail) loads its other words with it: pages/breadcrumbs/i18n/.
  'breadcrumbs.title': 'Historial de cambios de {name}',
  'breadcrumbs.time': '{time, date, full} {time, time, medium}',

  // /edit-profile (issue 7, people).
  'admin.outboxText': 'Todos los correos y mensajes de texto, y cómo fue su entrega; envíese un mensaje de prueba.',
  'admin.recordingExports': 'Exportación de grabaciones',
  'admin.recordingExportsText': 'Cómo se exportan las grabaciones de Lessonspace.',

  'invite.title': 'Invitar personas a {name}',
  'invite.link': 'Invitar personas',
  'applications.title': 'Solicitudes a {name}',
  'applications.link': 'Solicitudes',
  'ssoSetup.title': 'Inicio de sesión único para {name}',
  'ssoSetup.link': 'Inicio de sesión único',
  'nav.accountSettings': 'Configuración de la cuenta',
  'nav.sessions': 'Sesiones',
  'nav.classes': 'Clases',

  'forgotPassword.link': '¿Olvidó su contraseña?',
  'loginLink.ask': 'Enviarme un enlace de acceso',
  'loginLink.sent': 'Si una cuenta usa {email}, ya va en camino un enlace para iniciar sesión. Caduca en 15 minutos y sirve una sola vez.',
  'outbox.title': 'Bandeja de salida',
  'linked.title': 'Cuentas de inicio de sesión vinculadas',
  'mfa.link': 'Autenticación multifactor',
  'students.link': 'Sus hijos',
};
