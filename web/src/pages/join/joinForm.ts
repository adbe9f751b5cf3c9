/** What the join form checks before asking the server (which also refuses common and leaked passwords). */
import type { MessageId } from '../../i18n/en';

export interface JoinForm {
  password: string;
  retyped: string;
}

const MIN_LENGTH = 8;

export function joinFormErrors(form: JoinForm): Partial<Record<keyof JoinForm, MessageId>> {
  return {
    ...([...form.password].length >= MIN_LENGTH ? {} : { password: 'password.tooShort' as const }),
    ...(form.retyped === form.password ? {} : { retyped: 'join.mismatch' as const }),
  };
}

/** Server field paths (activateAccountFromInvite's arguments) to the form's fields; `token` means the link itself failed. */
export function joinFieldOf(path: string): keyof JoinForm | 'token' | null {
  if (path === 'password') return 'password';
  if (path === 'confirmPassword') return 'retyped';
  return path === 'token' ? 'token' : null;
}
