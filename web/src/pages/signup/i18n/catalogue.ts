/**
 * The sign-up and applications pages' words, merged over the app's catalogue by <SignupWords>:
 * they load with those pages instead of with every page (the log-in page's budget, decision 0018).
 */
import type { AppLocale } from '../../../i18n/locale';
import { signupEn } from './en';
import { signupEs } from './es';

export type SignupMessageId = keyof typeof signupEn;

export const SIGNUP_MESSAGES: Record<AppLocale, Record<SignupMessageId, string>> = { en: signupEn, sp: signupEs };
