import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { programDetailsSchema } from '../program/config';
import { ecosystemDetailsSchema } from '../ecosystem/config';
import { validate } from '../ecosystem/validation';
import { englishFields, ValidationError } from './errors';
import { decodeZodMessage, defineMessages, renderEnglish } from './i18n';
import { fieldMessages } from './messages';
import { finiteNumber, multiLineText, singleLineText, textProblem } from './text';

const labels = defineMessages('test', { name: 'Name', description: 'Description', weeklyLimit: 'Weekly hour limit' });
const single = z.string().superRefine(singleLineText(labels.name));
const multi = z.string().superRefine(multiLineText(labels.description));

/** The English a reader of a zod issue's message sees. */
function english(message: string | undefined): string | undefined {
  const decoded = message === undefined ? undefined : decodeZodMessage(message);
  return decoded ? renderEnglish(decoded) : message;
}

function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  try {
    validate(schema, value);
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return englishFields(err.fields);
    throw err;
  }
}

describe('text rules', () => {
  it('accept any well-formed text without control characters, on one line or several', () => {
    const printable = fc.string({ unit: 'grapheme' }).filter((s) => !/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(s));
    fc.assert(fc.property(printable, (s) => {
      expect(textProblem(s, { singleLine: true })).toBeNull();
      expect(single.safeParse(s).success).toBe(true);
      expect(multi.safeParse(`${s}\n${s}\t`).success).toBe(true);
    }));
  });

  it('refuse NUL anywhere, with a sentence naming the field', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      expect(textProblem(`${a}\u0000${b}`, { singleLine: false })).toBe('nul');
    }));
    expect(english(single.safeParse('Ada\u0000').error?.issues[0].message)).toBe('Name contains a NUL character (code 0), which is not allowed.');
  });

  it('refuse a lone high or low surrogate but accept a complete pair', () => {
    fc.assert(fc.property(fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ unit: 'grapheme-ascii' }), (unit, around) => {
      const lone = `${around}${String.fromCharCode(unit)}${around}`;
      expect(textProblem(lone, { singleLine: false })).toBe('surrogate');
    }));
    expect(textProblem('math 𝔸 and emoji 👩‍🏫', { singleLine: true })).toBeNull();
    expect(english(multi.safeParse('\uDC00\uD800').error?.issues[0].message)).toMatch(/^Description contains a broken character/);
  });

  it('refuse line breaks only in single-line fields', () => {
    for (const br of ['\n', '\r', '\u0085', '\u2028', '\u2029']) {
      expect(textProblem(`a${br}b`, { singleLine: true })).toBe('lineBreak');
      expect(textProblem(`a${br}b`, { singleLine: false })).toBeNull();
    }
    expect(english(single.safeParse('Ada\nLovelace').error?.issues[0].message)).toBe('Name must fit on one line, without line breaks.');
  });

  it('refuse other control characters everywhere', () => {
    expect(textProblem('a\u0007b', { singleLine: false })).toBe('control');
    expect(textProblem('a\u009Bb', { singleLine: false })).toBe('control');
  });

  it('refuse NaN and the infinities with a sentence', () => {
    const n = finiteNumber(labels.weeklyLimit, fieldMessages.notNumber({ label: labels.weeklyLimit }));
    for (const v of [NaN, Infinity, -Infinity]) expect(english(n.safeParse(v).error?.issues[0].message)).toBe('Weekly hour limit must be a finite number.');
    expect(english(n.safeParse('3').error?.issues[0].message)).toBe('Weekly hour limit must be a number.');
  });
});

describe('text rules in the tenant inputs', () => {
  const ecosystem = { name: 'Lakeside', shortName: 'Lake', organizationType: 'NON_PROFIT', profileId: 'lakeside' };

  it('keep names, short names and cities on one line', () => {
    expect(fieldsOf(ecosystemDetailsSchema, { ...ecosystem, name: 'Lake\nside', city: 'Spring\rfield', shortName: 'L\u0000' })).toEqual({
      name: 'Name must fit on one line, without line breaks.',
      city: 'City must fit on one line, without line breaks.',
      shortName: 'Short name contains a NUL character (code 0), which is not allowed.',
    });
    expect(fieldsOf(programDetailsSchema, { name: 'Math\u2028Club', shortName: 'Math' })).toEqual({ name: 'Name must fit on one line, without line breaks.' });
  });

  it('let descriptions and banner messages span lines but refuse broken characters there', () => {
    const banner = { customBannerConfig: { enabled: true, message: 'Closed on Monday.\nOpen Tuesday.' } };
    expect(fieldsOf(ecosystemDetailsSchema, { ...ecosystem, ...banner })).toEqual({});
    expect(fieldsOf(ecosystemDetailsSchema, { ...ecosystem, customBannerConfig: { enabled: true, message: 'x\uD800' } })).toEqual({
      'customBannerConfig.message': 'Banner message contains a broken character (an unpaired surrogate); please type it again.',
    });
  });

  it('refuse non-finite numbers in number settings', () => {
    const limits = { isEnabled: true, limits: [{ programIds: [], weeklyHourLimit: Infinity }] };
    expect(fieldsOf(ecosystemDetailsSchema, { ...ecosystem, sessionSettings: { tutorHoursLimitConfig: limits, attendanceGraceMinutes: NaN } })).toEqual({
      'sessionSettings.attendanceGraceMinutes': 'Attendance grace minutes must be a finite number.',
      'sessionSettings.tutorHoursLimitConfig.limits.0.weeklyHourLimit': 'Weekly hour limit must be a finite number.',
    });
  });
});
