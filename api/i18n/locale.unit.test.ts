import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromHeader } from './locale';

describe('localeFromHeader', () => {
  it('reads the language the web app sends, and the spec\'s own code for Spanish', () => {
    expect(localeFromHeader('es')).toBe('es');
    expect(localeFromHeader('sp')).toBe('es');
    expect(localeFromHeader('en')).toBe('en');
    expect(localeFromHeader('es-MX')).toBe('es');
    expect(localeFromHeader(['es-419'])).toBe('es');
  });

  it('takes the best-weighted language the platform speaks, the client\'s order among equals', () => {
    expect(localeFromHeader('fr-FR, es;q=0.8, en;q=0.7')).toBe('es');
    expect(localeFromHeader('en;q=0.5, es;q=0.9')).toBe('es');
    expect(localeFromHeader('es, en')).toBe('es');
    expect(localeFromHeader('en-GB, es')).toBe('en');
    expect(localeFromHeader('es;q=0, en;q=0.1')).toBe('en');
  });

  it('reads English when there is no header or nothing usable in it', () => {
    expect(localeFromHeader(undefined)).toBe('en');
    expect(localeFromHeader('')).toBe('en');
    expect(localeFromHeader('fr, de;q=0.9')).toBe('en');
    expect(localeFromHeader('*')).toBe('en');
    expect(localeFromHeader(';;;,,,q=')).toBe('en');
    expect(localeFromHeader('constructor')).toBe('en');
    expect(localeFromHeader('__proto__, es;q=0.5')).toBe('es');
  });

  it('never throws and always answers a supported language, whatever the header', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (header) => {
      expect(LOCALES).toContain(localeFromHeader(header));
    }));
  });
});
