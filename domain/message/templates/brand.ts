/**
 * Who a message speaks for: the ecosystem's name and its words for tutor, tutee and module, or the
 * platform's own name. As in the web app (web/src/i18n/terms.tsx), a term an ecosystem never
 * changed is stored as the English default and reads in the message's language.
 */
import type { MessageLanguage } from '../events';

export interface BrandInput {
  /** The ecosystem's name; absent for platform messages. */
  ecosystemName?: string | null;
  tutorTerm?: string | null;
  tuteeTerm?: string | null;
  moduleTerm?: string | null;
}

export interface Brand {
  name: string;
  tutor: string;
  tutee: string;
  module: string;
}

export const PLATFORM_NAME = 'Tutoring Platform';

const SERVER_DEFAULTS = { tutorTerm: 'Leader', tuteeTerm: 'Learner', moduleTerm: 'Module' } as const;
const LOCAL_DEFAULTS: Record<MessageLanguage, Brand> = {
  en: { name: PLATFORM_NAME, tutor: 'Leader', tutee: 'Learner', module: 'Module' },
  es: { name: PLATFORM_NAME, tutor: 'Líder', tutee: 'Aprendiz', module: 'Módulo' },
};

function term(key: keyof typeof SERVER_DEFAULTS, value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed === SERVER_DEFAULTS[key] ? fallback : trimmed;
}

export function resolveBrand(input: BrandInput, language: MessageLanguage): Brand {
  const local = LOCAL_DEFAULTS[language];
  return {
    name: input.ecosystemName?.trim() || local.name,
    tutor: term('tutorTerm', input.tutorTerm, local.tutor),
    tutee: term('tuteeTerm', input.tuteeTerm, local.tutee),
    module: term('moduleTerm', input.moduleTerm, local.module),
  };
}
