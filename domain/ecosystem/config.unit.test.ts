import { describe, expect, it } from 'vitest';
import { englishFields, ValidationError } from '../shared/errors';
import { DEFAULT_ECOSYSTEM_CONFIG, ecosystemConfigSchema, slugify } from './config';
import { validate } from './validation';
import { fieldLabels as L } from './labels';

function messagesFor(config: unknown): Record<string, string> {
  try {
    validate(ecosystemConfigSchema, config);
  } catch (err) {
    if (err instanceof ValidationError) return englishFields(err.fields);
    throw err;
  }
  return {};
}

describe('ecosystem configuration defaults', () => {
  it('are valid and use the spec vocabulary', () => {
    expect(validate(ecosystemConfigSchema, DEFAULT_ECOSYSTEM_CONFIG)).toEqual(DEFAULT_ECOSYSTEM_CONFIG);
    expect(DEFAULT_ECOSYSTEM_CONFIG.subjectCategories).toHaveLength(12);
    expect(DEFAULT_ECOSYSTEM_CONFIG.supportedTimezones.map((z) => z.label)).toEqual(['Eastern', 'Central', 'Mountain', 'Phoenix', 'Pacific', 'Alaska', 'Honolulu']);
    expect(DEFAULT_ECOSYSTEM_CONFIG.ratingSettings).toEqual({ ratingType: 'STARS', ratingMaxValue: 5, lowRatingThreshold: 2 });
    expect(DEFAULT_ECOSYSTEM_CONFIG.sessionLimits).toEqual({ sessionLimitType: 'NONE', resetDate: null, minuteLimit: null });
  });
});

describe('ecosystem configuration rules', () => {
  it('session durations use the spec bounds (15 minutes to 7 hours) and do not repeat', () => {
    expect(messagesFor({ sessionSettings: { sessionDurations: [10, 480] } })).toEqual({
      'sessionSettings.sessionDurations.0': 'Sessions cannot be shorter than 15 minutes.',
      'sessionSettings.sessionDurations.1': 'Sessions cannot be longer than 7 hours.',
    });
    expect(messagesFor({ sessionSettings: { sessionDurations: [] } })).toEqual({ 'sessionSettings.sessionDurations': 'Choose at least one session duration.' });
    expect(messagesFor({ sessionSettings: { sessionInterval: 20 } })).toEqual({
      'sessionSettings.sessionInterval': 'Session interval must be 0 (no constraint), 15, 30 or 60 minutes.',
    });
  });

  it('a session limit needs its minutes', () => {
    expect(messagesFor({ sessionLimits: { sessionLimitType: 'WEEKLY' } })).toEqual({ 'sessionLimits.minuteLimit': 'Minute limit is required when a session limit is set.' });
  });

  it('credit purchases and tutor payouts need payments on', () => {
    expect(messagesFor({ payments: { clientCreditPurchaseEnabled: true, tutorPayoutsConfig: { enabled: true } } })).toEqual({
      'payments.clientCreditPurchaseEnabled': 'Credit purchases need payments to be enabled.',
      'payments.tutorPayoutsConfig.enabled': 'Tutor payouts need payments to be enabled.',
    });
    expect(messagesFor({ payments: { paymentsEnabled: true, clientCreditPurchaseEnabled: true, preChargePercentageFee: 101 } })).toEqual({
      'payments.preChargePercentageFee': 'Pre-charge percentage fee must be at most 100.',
    });
  });

  it('an external background check needs its address; a shown banner needs its message', () => {
    expect(messagesFor({
      customSignupConfig: { tutor: { backgroundCheckEnabled: true, backgroundCheckConfig: { checkType: 'EXTERNAL_URL' } } },
      customBannerConfig: { enabled: true, linkUrl: 'ftp://x' },
    })).toEqual({
      'customSignupConfig.tutor.backgroundCheckConfig.externalURL': 'Background check address is required for an external background check.',
      'customBannerConfig.message': 'Banner message is required when the banner is shown.',
      'customBannerConfig.linkUrl': 'Banner link must be a web address starting with http:// or https://.',
    });
  });

  it('custom properties have unique keys, choices have options, and required properties exist', () => {
    const prop = { label: 'Shirt size', internalKeyName: 'shirtSize', fieldType: 'SINGLE_SELECT', options: [{ label: 'S', value: 's' }] };
    expect(messagesFor({ customProperties: [prop, { ...prop, options: [] }], requiredUserProperties: ['shirtSize', 'nope'] })).toEqual({
      'customProperties.1.options': 'A choice property needs at least one option.',
      'customProperties.1.internalKeyName': 'Internal key name "shirtSize" is used twice.',
      'requiredUserProperties.1': 'Required property "nope" is not a profile custom property.',
    });
    const [parsed] = validate(ecosystemConfigSchema, { customProperties: [prop] }).customProperties;
    expect(parsed.id).toBe('shirtSize');
  });

  it('supported hours end after they start; contacts are checked and phones normalised', () => {
    expect(messagesFor({ supportedHours: [{ day: 7, startTime: '9:00', endTime: '08:00' }] })).toEqual({
      'supportedHours.0.day': 'Day must be at most 6.',
      'supportedHours.0.startTime': 'Start time must be a time like 09:30.',
    });
    expect(messagesFor({ supportedHours: [{ day: 1, startTime: '09:00', endTime: '08:00' }], adminContactInfo: { email: 'nope' } })).toEqual({
      'supportedHours.0.endTime': 'End time must be after start time.',
      'adminContactInfo.email': 'Admin contact e-mail must be a valid e-mail address.',
    });
    expect(validate(ecosystemConfigSchema, { adminContactInfo: { phone: '+1 (555) 010-2030' } }).adminContactInfo.phone).toBe('5550102030');
    expect(messagesFor({ adminContactInfo: { phone: '555-0102' } })).toEqual({
      'adminContactInfo.phone': 'Admin contact phone must have 10 digits (an optional leading 1 is allowed).',
    });
  });

  it('wrong types get a sentence, not a type dump', () => {
    expect(messagesFor({ MFAEnabled: 'yes', tutorTerm: null, supportedLanguages: ['en', 'fr'] })).toEqual({
      MFAEnabled: 'Multi-factor sign-in must be true or false.',
      tutorTerm: 'Tutor term is required.',
      'supportedLanguages.1': 'Supported languages must be one of: en, sp.',
    });
  });
});

describe('slugify', () => {
  it('makes a profile id from a name', () => {
    expect(slugify('  Écoles de São Paulo -- Norte! ')).toBe('ecoles-de-sao-paulo-norte');
    expect(slugify('***')).toBe('');
  });
});

describe('text fields', () => {
  it('refuse control characters such as NUL, which the database cannot store', async () => {
    const { text, optionalText } = await import('./fields');
    expect(text(L.name, 100).safeParse('Math\u0000Club').success).toBe(false);
    expect(optionalText(L.city, 100).safeParse('Spring\u0007field').success).toBe(false);
    expect(text(L.name, 100).safeParse('Math Club').success).toBe(true);
  });
});
