import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderEnglish } from '../../domain/shared/i18n';
import { ValidationError } from '../../domain/shared/errors';
import { assertAcceptablePassword, passwordProblem } from './password-policy';

const problem = (password: string, email?: string) => {
  const found = passwordProblem(password, { email });
  return found ? renderEnglish(found) : null;
};

describe('password policy', () => {
  it('refuses short and overlong passwords', () => {
    expect(problem('Xq7!vb2')).toBe('Passwords must be at least 8 characters long.');
    expect(problem('x'.repeat(200) + 'y'.repeat(57))).toBe('Passwords must be at most 256 characters long.');
  });

  it('refuses common and leaked passwords, in any case and with digits or symbols around them', () => {
    for (const password of ['password', 'PASSWORD1', 'iloveyou', 'sunshine', 'Summer2024!', 'dragon123', '!!football99', 'letmein1']) {
      expect(problem(password), password).toContain('too common');
    }
  });

  it('refuses a repeated character, a sequence and a run of keyboard keys', () => {
    for (const password of ['aaaaaaaa', '12345678', '87654321', 'abcdefghij', 'qwertyuiop', 'QWERTYUI', '1qaz2wsx3edc', '/.,mnbvcxz']) {
      expect(problem(password), password).not.toBeNull();
    }
  });

  it('refuses a password built on the e-mail name', () => {
    expect(problem('ada.lovelace!1815', 'Ada.Lovelace@example.com')).toBe('This password is too close to your email address. Please choose another.');
    // A name of three letters is too short to count as the e-mail's; a name inside a long passphrase is fine.
    expect(problem('bob&k7Qz2', 'bob@example.com')).toBeNull();
    expect(problem('seeded password', 'seed@example.com')).toBeNull();
    expect(problem('seed.7Qz!', 'seed@example.com')).toBe('This password is too close to your email address. Please choose another.');
  });

  it('accepts long passphrases and random strings', () => {
    for (const password of ['correct horse battery', 'a long enough passphrase', 'Xq7!vb2Lp', 'tutoring-on-tuesdays']) {
      expect(problem(password), password).toBeNull();
    }
  });

  it('accepts any password of 12 or more random characters from a large alphabet (property)', () => {
    const char = fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+?@'.split(''));
    fc.assert(fc.property(fc.array(char, { minLength: 12, maxLength: 40 }), (chars) => {
      const password = chars.join('');
      // Random strings may by chance be a run; anything else must pass.
      const found = problem(password);
      return found === null || found.includes('simple sequence');
    }), { numRuns: 300 });
  });

  it('refuses every password shorter than 8 characters (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 7 }), (password) => problem(password) === 'Passwords must be at least 8 characters long.'));
  });

  it('assertAcceptablePassword names the field', () => {
    try {
      assertAcceptablePassword('password1', 'newPass');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect(Object.keys((err as ValidationError).fields)).toEqual(['newPass']);
    }
  });
});
