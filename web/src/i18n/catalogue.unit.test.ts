import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from './icuArguments';
import { en, type CoreMessageId } from './en';
import { es } from './es';
import { programSettingsEn } from './programSettings.en';
import { programSettingsEs } from './programSettings.es';


const ids = Object.keys(en) as CoreMessageId[];

describe('catalogues', () => {
  it('are valid ICU messages using the same arguments in English and Spanish', () => {
    for (const id of ids) {
      expect([...argumentsOf(parse(es[id]))].sort(), id).toEqual([...argumentsOf(parse(en[id]))].sort());
    }
  });

  it('differ from each other: nothing was left untranslated by copying', () => {
    const same = ids.filter((id) => en[id] === es[id] && /[a-z]{4}/i.test(en[id].replace(/\{[^}]*\}/g, '')));
    expect(same).toEqual([]);
  });

  it('format plurals and dates per language', () => {
    // programs.count lives with the programs list's catalogue, laid over the core one as PageMessages does.
    const english = createIntl({ locale: 'en', messages: { ...en, ...programSettingsEn } });
    const spanish = createIntl({ locale: 'es', messages: { ...es, ...programSettingsEs } });
    expect(english.formatMessage({ id: 'programs.count' }, { count: 0 })).toBe('No programs yet');
    expect(english.formatMessage({ id: 'programs.count' }, { count: 1 })).toBe('1 program');
    expect(english.formatMessage({ id: 'programs.count' }, { count: 1200 })).toBe('1,200 programs');
    expect(spanish.formatMessage({ id: 'programs.count' }, { count: 1200 })).toBe('1200 programas');
    const time = Date.UTC(2026, 0, 5, 15, 30);
    expect(spanish.formatMessage({ id: 'breadcrumbs.time' }, { time })).toMatch(/ene/);
    expect(english.formatMessage({ id: 'breadcrumbs.time' }, { time })).toMatch(/Jan/);
  });

  it('fill the per-ecosystem terms', () => {
    const english = createIntl({ locale: 'en', messages: en });
    expect(english.formatMessage({ id: 'programs.intro' }, { tutorTerm: 'Coach', tuteeTerm: 'Scholar' }))
      .toBe('Each program has its own settings for the people in it: the Coach and Scholar roles.');
  });
});
