import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, LocaleProvider, type AppLocale } from './locale';
import { isDefaultTerm, resolveTerms, SERVER_DEFAULT_TERMS, TermsProvider, useT, type EcosystemTerms } from './terms';

function Intro() {
  const t = useT();
  return <p>{t('programs.intro')}</p>;
}

const render = (terms: EcosystemTerms, locale: AppLocale) => renderToStaticMarkup(
  <LocaleProvider initial={locale}><TermsProvider terms={terms}><Intro /></TermsProvider></LocaleProvider>,
);

const spanish = { tutorTerm: 'Líder', tuteeTerm: 'Aprendiz', moduleTerm: 'Módulo' };

describe('ecosystem terms', () => {
  beforeAll(async () => { await loadCatalogue('sp'); });

  it('reads the stored English defaults as the defaults of the interface language', () => {
    expect(resolveTerms(SERVER_DEFAULT_TERMS, spanish)).toEqual(spanish);
    expect(resolveTerms({ tutorTerm: ' Leader ', tuteeTerm: null, moduleTerm: '' }, spanish)).toEqual(spanish);
  });

  it('shows a custom term as written, in every language', () => {
    expect(resolveTerms({ tutorTerm: 'Coach', tuteeTerm: 'Learner', moduleTerm: ' Unit ' }, spanish))
      .toEqual({ tutorTerm: 'Coach', tuteeTerm: 'Aprendiz', moduleTerm: 'Unit' });
    // Only the term's own default counts: "Learner" as the word for tutor is a choice.
    expect(isDefaultTerm('tutorTerm', 'Learner')).toBe(false);
    expect(isDefaultTerm('tuteeTerm', 'Learner')).toBe(true);
  });

  it('fills the messages in Spanish with Spanish defaults and in English with English ones', () => {
    expect(render(SERVER_DEFAULT_TERMS, 'sp')).toContain('Líder');
    expect(render(SERVER_DEFAULT_TERMS, 'sp')).toContain('Aprendiz');
    expect(render(SERVER_DEFAULT_TERMS, 'sp')).not.toContain('Leader');
    expect(render(SERVER_DEFAULT_TERMS, 'en')).toContain('the Leader and Learner roles');
    expect(render({ tutorTerm: 'Coach', tuteeTerm: 'Learner' }, 'sp')).toContain('Coach');
  });
});
