/** Checks of a typed code before it is sent: the server decides whether it is right. */
import type { MessageId } from '../../../i18n/en';

/** An app's code is six digits; a recovery code (where one is allowed) is ten letters and digits, dashes and spaces aside. */
export function codeInputError(typed: string, recoveryAllowed: boolean): MessageId | null {
  const plain = typed.replace(/[\s-]/g, '');
  if (plain === '') return 'mfa.codeRequired';
  if (/^\d{6}$/.test(plain)) return null;
  if (recoveryAllowed && /^[0-9a-z]{10}$/i.test(plain)) return null;
  return recoveryAllowed ? 'mfa.codeOrRecoveryInvalid' : 'mfa.codeInvalid';
}
