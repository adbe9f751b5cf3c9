/** Spanish of single sign-on (domain/sso/messages.ts, api/sso/messages.ts). */
export const esSso: Record<string, string> = {
  'sso.identityTaken': 'Esta cuenta de inicio de sesión ya está vinculada a otra persona.',
  'sso.identityNotLinked': 'Esta cuenta de inicio de sesión no está vinculada a su cuenta.',
  'sso.ownIdentitiesOnly': 'Solo puede cambiar sus propias cuentas de inicio de sesión vinculadas.',
  'sso.protocolNotOffered': 'Este proveedor no ofrece ese protocolo de inicio de sesión.',
  'sso.providerNotConfigured': 'Esta opción de inicio de sesión no está configurada para esta organización.',
  'sso.secretRequired': 'Escriba el secreto de cliente que le dio el proveedor.',
  'sso.endpointsRequired': 'Escriba las direcciones de autorización, de token y de información de usuario del proveedor.',
  'sso.certificateRequired': 'Escriba el certificado de firma del proveedor de identidad SAML.',
  'sso.lastWayIn': 'Esta es la única forma de entrar en su cuenta. Primero establezca una contraseña (¿Olvidó su contraseña? en la página de inicio de sesión) y luego quítela.',
  'sso.oneLine': 'Escríbalo en una sola línea, sin saltos de línea.',
  'sso.addressNotValid': 'Escriba una dirección web que empiece por https:// (o http:// para un servidor en esta máquina).',
};
