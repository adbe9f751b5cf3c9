import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ecosystemSignupPath, profileIdFromAddress } from './organisationAddress';

describe('profileIdFromAddress', () => {
  it.each([
    ['lincoln-tutoring', 'lincoln-tutoring'],
    ['  Lincoln-Tutoring ', 'lincoln-tutoring'],
    ['https://tutoring.example.org/s/lincoln-tutoring', 'lincoln-tutoring'],
    ['https://tutoring.example.org/s/lincoln-tutoring/signup?type=TUTOR', 'lincoln-tutoring'],
    ['tutoring.example.org/s/demo#how-it-works', 'demo'],
    ['/s/demo/login', 'demo'],
  ])('finds the code in %j', (text, id) => {
    expect(profileIdFromAddress(text)).toBe(id);
  });

  it.each(['', '   ', '-lincoln', 'lincoln-', 'two words', 'https://tutoring.example.org/about', 'é-school', 'a/b'])(
    'finds none in %j', (text) => {
      expect(profileIdFromAddress(text)).toBeNull();
    });

  it('answers only profile ids, whatever is typed', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const id = profileIdFromAddress(text);
      return id === null || /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(id);
    }));
  });
});

describe('ecosystemSignupPath', () => {
  it('sends /signup?ecosystem= to the ecosystem\'s own sign-up, keeping the other parameters', () => {
    expect(ecosystemSignupPath(new URL('https://x.org/signup?ecosystem=demo&type=TUTOR'), false)).toBe('/s/demo/signup?type=TUTOR');
    expect(ecosystemSignupPath(new URL('https://x.org/signup/waiver?ecosystem=Demo'), true)).toBe('/s/demo/signup/waiver');
  });

  it('stays when the parameter is missing or not a code', () => {
    expect(ecosystemSignupPath(new URL('https://x.org/signup'), false)).toBeNull();
    expect(ecosystemSignupPath(new URL('https://x.org/signup?ecosystem=%2F%2Fevil.example'), false)).toBeNull();
  });
});
