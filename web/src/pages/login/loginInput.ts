/** What the log-in form checks before asking the server: an e-mail address's shape and a password. */
import type { MessageId } from '../../i18n/en';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function loginInputErrors(email: string, password: string): { email?: MessageId; password?: MessageId } {
  return {
    ...(EMAIL_PATTERN.test(email.trim()) ? {} : { email: 'login.emailInvalid' as const }),
    ...(password ? {} : { password: 'login.passwordRequired' as const }),
  };
}
