/** Spanish of single sign-on (i18n/sso.en.ts). */
import type { SsoMessageId } from './sso.en';

export const ssoEs: Record<SsoMessageId, string> = {
  'sso.returnTitle': 'Iniciando sesión',
  'sso.returnFailed': 'El inicio de sesión no terminó. Vuelva a empezar.',
  'sso.failTitle': 'No se pudo iniciar sesión',
  'sso.fail.NOT_CONFIGURED': 'Esta opción de inicio de sesión no está configurada para su organización.',
  'sso.fail.FLOW_EXPIRED': 'Este inicio de sesión tardó demasiado, ya se usó o se abrió en otro navegador. Vuelva a empezar.',
  'sso.fail.PROVIDER_REFUSED': 'Su proveedor de inicio de sesión no confirmó su identidad.',
  'sso.fail.EMAIL_NOT_VERIFIED': 'Su proveedor de inicio de sesión no ha verificado su correo electrónico, así que no se puede asociar a una cuenta.',
  'sso.fail.NO_ACCOUNT': 'Ninguna cuenta usa el correo electrónico de este inicio de sesión. Pida una invitación a su organización o inicie sesión con su correo electrónico y contraseña.',
  'sso.fail.WRONG_DISTRICT': 'Esta cuenta de inicio de sesión pertenece a otro distrito escolar.',
  'sso.fail.NOT_IN_ECOSYSTEM': 'Su cuenta no es miembro de esta organización.',
  'sso.fail.IDENTITY_TAKEN': 'Esta cuenta de inicio de sesión ya está vinculada a otra persona.',
  'sso.fail.unknown': 'El inicio de sesión no funcionó.',
  'sso.backToLogin': 'Volver a iniciar sesión',
  'sso.signInWith': 'Iniciar sesión con {provider}',
  'sso.options': 'Otras formas de iniciar sesión',
  'linked.intro': 'Estas cuentas pueden iniciar su sesión. Cuando tenga una contraseña, su correo electrónico y contraseña también funcionan.',
  'linked.none': 'No hay cuentas de inicio de sesión vinculadas. Al iniciar sesión una vez con el proveedor de su escuela, queda vinculada.',
  'linked.linkedOn': 'Vinculada el {date}',
  'linked.noEmail': 'Sin correo electrónico',
  'linked.remove': 'Quitar',
  'linked.removeLabel': 'Quitar el inicio de sesión de {provider} {email}',
  'linked.removed': 'Se quitó la cuenta de inicio de sesión.',
};
