import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '../../../i18n/icuArguments';
import { en } from '../../../i18n/en';
import { SIGNUP_MESSAGES, type SignupMessageId } from './catalogue';

const ids = Object.keys(SIGNUP_MESSAGES.en) as SignupMessageId[];

describe('the sign-up pages\' catalogue', () => {
  it('is valid ICU using the same arguments in English and Spanish', () => {
    for (const id of ids) {
      expect([...argumentsOf(parse(SIGNUP_MESSAGES.sp[id]))].sort(), id).toEqual([...argumentsOf(parse(SIGNUP_MESSAGES.en[id]))].sort());
    }
  });

  it('is translated, not copied, and takes no key the app\'s catalogue already has', () => {
    // Names of payment services and the term alone read the same in both languages.
    const same = ids.filter((id) => SIGNUP_MESSAGES.en[id] === SIGNUP_MESSAGES.sp[id] && /[a-z]{4}/i.test(SIGNUP_MESSAGES.en[id].replace(/\{[^}]*\}/g, '')));
    expect(same).toEqual([]);
    expect(ids.filter((id) => Object.hasOwn(en, id))).toEqual([]);
  });
});
