/** The ACCOUNT step's checks before anything is sent; the server applies the password policy itself. */
import type { SignupMessageId as MessageId } from './i18n/catalogue';

export interface AccountFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
}

export type AccountErrors = Partial<Record<keyof AccountFields, MessageId>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function accountErrors(f: AccountFields): AccountErrors {
  const errors: AccountErrors = {};
  if (!f.firstName.trim()) errors.firstName = 'signup.account.required';
  if (!f.lastName.trim()) errors.lastName = 'signup.account.required';
  if (!f.email.trim()) errors.email = 'signup.account.required';
  else if (!EMAIL.test(f.email.trim())) errors.email = 'signup.account.emailInvalid';
  if (!f.password) errors.password = 'signup.account.required';
  else if (f.password.length < 8) errors.password = 'signup.account.tooShort';
  if (!errors.password && f.confirm !== f.password) errors.confirm = 'signup.account.mismatch';
  return errors;
}
