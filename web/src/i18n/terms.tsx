/**
 * Per-ecosystem words for tutor, tutee and module (SPEC section 1). A page showing one ecosystem
 * wraps its content in <TermsProvider> with that ecosystem's terms; elsewhere the catalogue's
 * defaults apply (Leader, Learner, Module). `useT` injects them into every message.
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

export function useTerms(): ResolvedTerms {
  const intl = useIntl();
  const terms = useContext(TermsContext);
  return useMemo(() => ({
    tutorTerm: terms.tutorTerm?.trim() || intl.formatMessage({ id: 'terms.tutor.default' }),
    tuteeTerm: terms.tuteeTerm?.trim() || intl.formatMessage({ id: 'terms.tutee.default' }),
    moduleTerm: terms.moduleTerm?.trim() || intl.formatMessage({ id: 'terms.module.default' }),
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
