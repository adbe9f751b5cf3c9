/**
 * Per-ecosystem words for tutor, tutee and module (SPEC section 1). A page showing one ecosystem
 * wraps its content in <TermsProvider> with that ecosystem's terms; elsewhere the catalogue's
 * defaults apply (Leader, Learner, Module). `useT` injects them into every message.
 *
 * The server stores the English defaults as the terms of an ecosystem that never chose its own
 * ("Default labels are Leader and Learner"). Such a term means "the default", so it reads in the
 * interface language (Líder, Aprendiz, Módulo in Spanish); a term the ecosystem chose (Coach) is
 * shown as written.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useIntl, type PrimitiveType } from 'react-intl';
import type { MessageId } from './en';

export interface EcosystemTerms {
  tutorTerm?: string | null;
  tuteeTerm?: string | null;
  moduleTerm?: string | null;
}

const TermsContext = createContext<EcosystemTerms>({});

export function TermsProvider({ terms, children }: { terms: EcosystemTerms; children: ReactNode }) {
  const value = useMemo(() => ({ tutorTerm: terms.tutorTerm, tuteeTerm: terms.tuteeTerm, moduleTerm: terms.moduleTerm }),
    [terms.tutorTerm, terms.tuteeTerm, terms.moduleTerm]);
  return <TermsContext.Provider value={value}>{children}</TermsContext.Provider>;
}

export interface ResolvedTerms {
  tutorTerm: string;
  tuteeTerm: string;
  moduleTerm: string;
}

export type TermKey = keyof ResolvedTerms;
export const TERM_KEYS: readonly TermKey[] = ['tutorTerm', 'tuteeTerm', 'moduleTerm'];

/** The terms the server stores for an ecosystem that uses the defaults (domain/ecosystem/config.ts). */
export const SERVER_DEFAULT_TERMS: Readonly<ResolvedTerms> = { tutorTerm: 'Leader', tuteeTerm: 'Learner', moduleTerm: 'Module' };

/** The catalogue message holding each term's default in the interface language. */
export const TERM_DEFAULT_MESSAGES: Readonly<Record<TermKey, MessageId>> = {
  tutorTerm: 'terms.tutor.default', tuteeTerm: 'terms.tutee.default', moduleTerm: 'terms.module.default',
};

/** True when a stored term means "the default": empty, or the server's English default. */
export function isDefaultTerm(key: TermKey, value: string | null | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed === SERVER_DEFAULT_TERMS[key];
}

/** An ecosystem's terms as shown: its own words, or the defaults of the interface language. */
export function resolveTerms(terms: EcosystemTerms, localDefaults: ResolvedTerms): ResolvedTerms {
  const resolve = (key: TermKey) => {
    const value = terms[key];
    return isDefaultTerm(key, value) ? localDefaults[key] : (value ?? '').trim();
  };
  return { tutorTerm: resolve('tutorTerm'), tuteeTerm: resolve('tuteeTerm'), moduleTerm: resolve('moduleTerm') };
}

export function useTerms(): ResolvedTerms {
  const intl = useIntl();
  const terms = useContext(TermsContext);
  return useMemo(() => resolveTerms(terms, {
    tutorTerm: intl.formatMessage({ id: TERM_DEFAULT_MESSAGES.tutorTerm }),
    tuteeTerm: intl.formatMessage({ id: TERM_DEFAULT_MESSAGES.tuteeTerm }),
    moduleTerm: intl.formatMessage({ id: TERM_DEFAULT_MESSAGES.moduleTerm }),
  }), [intl, terms]);
}

export type MessageValues = Record<string, PrimitiveType>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** Formats a catalogue message with the current ecosystem's terms as arguments. */
export function useT(): Translate {
  const intl = useIntl();
  const terms = useTerms();
  return useCallback((id, values) => intl.formatMessage({ id }, { ...terms, ...values }), [intl, terms]);
}
