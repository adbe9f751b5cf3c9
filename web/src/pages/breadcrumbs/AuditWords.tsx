/** The page's own catalogue (i18n/catalogue.ts) over the app's, and a `t` that knows both. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en';
import { LOCALES, useLocale } from '../../i18n/locale';
import { useTerms, type MessageValues } from '../../i18n/terms';
import { AUDIT_MESSAGES, type AuditMessageId } from './i18n/catalogue';
import type { Reader } from './words';

export type AuditTranslate = (id: MessageId | AuditMessageId, values?: MessageValues) => string;

export function AuditWords({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const messages = useMemo(() => ({ ...intl.messages, ...AUDIT_MESSAGES[locale] }), [intl.messages, locale]);
  return <IntlProvider locale={intl.locale} defaultLocale="en" messages={messages} onError={(error) => console.error(error)}>{children}</IntlProvider>;
}

/** Like useT: a catalogue message with the ecosystem's terms as arguments. */
export function useAuditT(): AuditTranslate {
  const intl = useIntl();
  const terms = useTerms();
  return useCallback((id, values) => intl.formatMessage({ id }, { ...terms, ...values }), [intl, terms]);
}

/** The reader the page's words are for: this catalogue, the interface language, the browser's zone. */
export function useAuditReader(): Reader {
  const t = useAuditT();
  const { locale } = useLocale();
  const localeTag = LOCALES[locale].tag;
  return useMemo(() => ({ t, localeTag }), [t, localeTag]);
}
