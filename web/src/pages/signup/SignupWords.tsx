/** The sign-up pages' own catalogue (i18n/catalogue.ts) over the app's, and a `t` that knows both. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en';
import { useLocale } from '../../i18n/locale';
import { useTerms, type MessageValues } from '../../i18n/terms';
import { SIGNUP_MESSAGES, type SignupMessageId } from './i18n/catalogue';

export type SignupTranslate = (id: MessageId | SignupMessageId, values?: MessageValues) => string;

export function SignupWords({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const messages = useMemo(() => ({ ...intl.messages, ...SIGNUP_MESSAGES[locale] }), [intl.messages, locale]);
  return <IntlProvider locale={intl.locale} defaultLocale="en" messages={messages} onError={(error) => console.error(error)}>{children}</IntlProvider>;
}

/** Like useT: a catalogue message with the ecosystem's terms as arguments. */
export function useSignupT(): SignupTranslate {
  const intl = useIntl();
  const terms = useTerms();
  return useCallback((id, values) => intl.formatMessage({ id }, { ...terms, ...values }), [intl, terms]);
}
