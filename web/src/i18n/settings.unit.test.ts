import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from './icuArguments';
import { en } from './en';
import { settingsEn, type SettingsMessageId } from './settings.en';
import { settingsEs } from './settings.es';

const ids = Object.keys(settingsEn) as SettingsMessageId[];

describe('the settings catalogues', () => {
  it('are valid ICU messages using the same arguments in English and Spanish', () => {
    for (const id of ids) expect([...argumentsOf(parse(settingsEs[id]))].sort(), id).toEqual([...argumentsOf(parse(settingsEn[id]))].sort());
  });

  it('differ from each other, and share no key with the first-load catalogue', () => {
    expect(ids.filter((id) => settingsEn[id] === settingsEs[id] && /[a-z]{4}/i.test(settingsEn[id].replace(/\{[^}]*\}/g, '')))).toEqual([]);
    expect(ids.filter((id) => id in en)).toEqual([]);
  });
});
