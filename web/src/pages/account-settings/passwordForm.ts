/** What the password form checks before asking the server (which also refuses common and leaked passwords). */
import type { MessageId } from '../../i18n/en';

export interface PasswordForm {
  current: string;
  next: string;
  retyped: string;
}

const MIN_LENGTH = 8;

export function passwordFormErrors(form: PasswordForm): Partial<Record<keyof PasswordForm, MessageId>> {
  return {
    ...(form.current ? {} : { current: 'password.currentRequired' as const }),
    ...([...form.next].length >= MIN_LENGTH ? {} : { next: 'password.tooShort' as const }),
    ...(form.retyped === form.next ? {} : { retyped: 'password.mismatch' as const }),
  };
}
