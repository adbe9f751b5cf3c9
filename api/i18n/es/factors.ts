/** Spanish of passwords and multi-factor log-in (api/auth/password-policy.ts, api/auth/factors/messages.ts, domain/mfa/messages.ts). */
export const esFactors: Record<string, string> = {
  'password.common': 'Esta contraseña es demasiado común: aparece en listas de contraseñas filtradas. Elija otra.',
  'password.pattern': 'Las contraseñas no pueden ser un solo carácter repetido ni una secuencia simple como 12345678 o qwertyui.',
  'password.containsEmail': 'Esta contraseña se parece demasiado a su correo electrónico. Elija otra.',
  'password.sameAsCurrent': 'Elija una contraseña distinta de la actual.',

  'factors.codeIncorrect': 'Ese código no es correcto o ya se usó. Escriba el código más reciente de su aplicación de autenticación, o un código de recuperación.',
  'factors.stepExpired': 'Su inicio de sesión tardó demasiado en completarse. Vuelva a iniciar sesión.',
  'factors.noSecondStep': 'Esta cuenta no tiene un segundo paso de inicio de sesión. Inicie sesión con su correo electrónico y contraseña.',
  'factors.enrolmentNotRequired': 'Configure la autenticación multifactor desde la configuración de su cuenta después de iniciar sesión.',
  'factors.codeRequired': 'Escriba el código.',
  'factors.proofRequired': 'Escriba un código de inicio de sesión (de su aplicación de autenticación o enviado por correo electrónico) o un código de recuperación, o su contraseña.',
  'factors.emailCodeIncorrect': 'Ese código no es correcto, ya se usó o ha caducado. Escriba el código más reciente que le enviamos por correo electrónico, o un código de recuperación.',
  'factors.emailCodeWait': 'Se envió un código hace un momento. Puede pedir otro dentro de {seconds, plural, one {# segundo} other {# segundos}}.',
  'factors.noEmailStep': 'Esta cuenta no inicia sesión con códigos enviados por correo electrónico.',
  'factors.requiredByEcosystem': 'Su organización exige la autenticación multifactor, así que no se puede desactivar.',

  'mfa.alreadyEnabled': 'La autenticación multifactor ya está activada. Desactívela primero para configurar otra forma de recibir códigos.',
  'mfa.noPendingEnrolment': 'Vuelva a empezar la configuración: esta configuración de la aplicación de autenticación ha terminado.',
  'mfa.enrolmentChanged': 'Se empezó una configuración más reciente. Escanee el código QR más reciente y escriba un código de él.',
  'mfa.recoveryCodeNotValid': 'Ese código de recuperación no es válido o ya se usó.',
  'mfa.ownFactorsOnly': 'Solo puede cambiar su propia autenticación multifactor.',
};
