import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { MESSAGE_LANGUAGES } from '../events';
import { MESSAGE_KINDS, messageLanguageOf, type MessageKind } from '../kinds';
import { renderMessage, resolveBrand, type TemplateParams } from './index';
import { duration } from './kinds';
import { SAMPLES } from './samples';
import { localStart } from './session-timers';

const SAMPLE: TemplateParams = SAMPLES;

const render = <K extends MessageKind>(kind: K, language: 'en' | 'es', channel: 'EMAIL' | 'SMS' = 'EMAIL') =>
  renderMessage({ kind, channel, language, params: SAMPLE[kind], brand: { ecosystemName: 'Río Academy', tutorTerm: 'Coach' } });

describe('message templates', () => {
  it('render every kind in both languages, as subject, text and HTML, and as a text message', () => {
    for (const kind of MESSAGE_KINDS) {
      for (const language of MESSAGE_LANGUAGES) {
        const email = render(kind, language);
        expect(email.subject).toContain('Río Academy');
        expect(email.text).toContain('Río Academy');
        expect(email.html).toContain(`<html lang="${language}">`);
        const sms = render(kind, language, 'SMS');
        expect(sms).toMatchObject({ subject: null, html: null });
        expect(sms.text.length).toBeGreaterThan(10);
      }
      // Spanish is really Spanish: no kind's texts are the English ones.
      expect(render(kind, 'es').text).not.toBe(render(kind, 'en').text);
      expect(render(kind, 'es', 'SMS').text).not.toBe(render(kind, 'en', 'SMS').text);
    }
  });

  it('put links and codes in both parts', () => {
    for (const language of MESSAGE_LANGUAGES) {
      const reset = render('RESET_PASSWORD', language);
      expect(reset.text).toContain('https://app.example.org/reset-password/abc');
      expect(reset.html).toContain('href="https://app.example.org/reset-password/abc"');
      expect(render('MFA_CODE', language).html).toContain('123456');
      expect(render('MFA_CODE', language, 'SMS').text).toContain('123456');
    }
  });

  it("uses the ecosystem's terms, and reads an unchanged default term in the message's language", () => {
    expect(render('INVITE', 'en').text).toContain('as a Coach');
    expect(render('INVITE', 'es').text).toContain('como Coach');
    const tutee = (language: 'en' | 'es') => renderMessage({
      kind: 'INVITE', channel: 'EMAIL', language, params: { ...SAMPLE.INVITE, role: 'tutee' }, brand: { ecosystemName: 'X', tuteeTerm: 'Learner' },
    }).text;
    expect(tutee('en')).toContain('as a Learner');
    expect(tutee('es')).toContain('como Aprendiz');
    expect(resolveBrand({}, 'es').name).toBe('Tutoring Platform');
  });

  it("names who speaks in the reset and log-in-link mails' subject and body: the ecosystem, else the platform", () => {
    const words = { RESET_PASSWORD: { en: 'your Río Academy account', es: 'su cuenta de Río Academy' }, LOGIN_LINK: { en: 'log in to Río Academy', es: 'sesión en Río Academy' } };
    for (const kind of ['RESET_PASSWORD', 'LOGIN_LINK'] as const) {
      for (const language of MESSAGE_LANGUAGES) {
        const mail = render(kind, language);
        expect(mail.subject?.startsWith('Río Academy: ')).toBe(true);
        expect(mail.text).toContain(words[kind][language]);
        const platform = renderMessage({ kind, channel: 'EMAIL', language, params: SAMPLE[kind], brand: {} });
        expect(platform.subject?.startsWith('Tutoring Platform: ')).toBe(true);
        expect(platform.text).toContain(words[kind][language].replace('Río Academy', 'Tutoring Platform'));
      }
    }
  });

  it('escapes whatever text goes into the HTML', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 40 }), (name) => {
      const html = renderMessage({ kind: 'INVITE', channel: 'EMAIL', language: 'en', params: { ...SAMPLE.INVITE, inviterName: `<b>${name}` }, brand: { ecosystemName: `${name}"&` } }).html ?? '';
      expect(html).not.toContain('<b>');
      expect(html).not.toMatch(/[^=]"&/);
    }));
  });

  it('refuses parameters a kind does not take, and links that are not http(s)', () => {
    expect(() => renderMessage({ kind: 'RESET_PASSWORD', channel: 'EMAIL', language: 'en', params: { url: 'javascript:alert(1)', expiresInMinutes: 5 }, brand: {} }))
      .toThrow(ValidationError);
    expect(() => renderMessage({ kind: 'MFA_CODE', channel: 'SMS', language: 'en', params: { code: '12', expiresInMinutes: 5 }, brand: {} }))
      .toThrow(ValidationError);
  });

  it('reads the spec\'s "sp" as Spanish and anything else as English', () => {
    expect(messageLanguageOf('sp')).toBe('es');
    expect(messageLanguageOf('es-MX')).toBe('es');
    expect(messageLanguageOf('en')).toBe('en');
    expect(messageLanguageOf(null)).toBe('en');
    expect(messageLanguageOf('fr')).toBe('en');
  });

  it('words durations with the largest whole unit', () => {
    expect(duration(15, 'en')).toBe('15 minutes');
    expect(duration(60, 'en')).toBe('1 hour');
    expect(duration(1440, 'es')).toBe('1 día');
    expect(duration(2880, 'es')).toBe('2 días');
  });

  it('write session times in the recipient\'s zone and language, across a clock change (decision 0074)', () => {
    // 20:00 UTC is 16:00 in New York on 15 March 2027 (EDT) and 15:00 on 8 March (EST); 21:00 in Madrid.
    expect(localStart('2027-03-15T20:00:00.000Z', 'America/New_York', 'en')).toBe('Monday 15 March 2027, 16:00 (America/New_York)');
    expect(localStart('2027-03-08T20:00:00.000Z', 'America/New_York', 'en')).toBe('Monday 8 March 2027, 15:00 (America/New_York)');
    expect(localStart('2027-03-15T20:00:00.000Z', 'Europe/Madrid', 'es')).toBe('lunes 15 de marzo de 2027, 21:00 (Europe/Madrid)');
    const child = render('CHILD_SESSION_REMINDER', 'es');
    expect(child.subject).toBe('Río Academy: la sesión "Algebra" de Lucía empieza en 1 día');
    expect(child.text).toContain('lunes 15 de marzo de 2027, 21:00 (Europe/Madrid)');
    expect(render('SESSION_REMINDER', 'en').html).toContain('href="https://meet.example.org/room"');
  });
});

describe('session notices (docs/decisions/0072)', () => {
  const notice = (language: 'en' | 'es', timeZoneId: string, channel: 'EMAIL' | 'SMS' = 'EMAIL') => renderMessage({
    kind: 'SESSION_MOVED', channel, language, params: { ...SAMPLES.SESSION_MOVED, timeZoneId }, brand: { ecosystemName: 'Río Academy' },
  });

  it("write times in the recipient's zone and language", () => {
    const ny = notice('en', 'America/New_York');
    expect(ny.text).toContain('on Tuesday, November 24 at 4:00 PM EST');
    expect(ny.text).toContain('(it was on Monday, November 23 at 4:00 PM EST)');
    expect(ny.text).toMatch(/EST/);
    const la = notice('es', 'America/Los_Angeles');
    expect(la.text).toContain('martes, 24 de noviembre');
    expect(la.text).toContain('martes, 24 de noviembre, 1:00 p.m. PST');
    expect(la.subject).toBe('Río Academy: nuevo horario de Algebra');
    // An unknown zone reads UTC rather than failing the send.
    expect(notice('en', 'Mars/Olympus').text).toContain('9:00');
  });

  it('carry the unsubscribe link in both parts, and none in the text message', () => {
    const mail = notice('en', 'America/New_York');
    expect(mail.text).toContain('Stop e-mails like this one: https://app.example.org/unsubscribe/abc.def');
    expect(mail.html).toContain('href="https://app.example.org/unsubscribe/abc.def"');
    expect(notice('es', 'America/New_York').text).toContain('No recibir más correos como este');
    expect(notice('en', 'America/New_York', 'SMS').text).not.toContain('unsubscribe');
  });

  it('the timers\' and weekly report\'s e-mails carry the same link in both languages, and their texts none', () => {
    for (const kind of ['SESSION_REMINDER', 'CHILD_SESSION_REMINDER', 'FEEDBACK_REQUESTED', 'WEEKLY_PARENT_REPORT'] as const) {
      const en = renderMessage({ kind, channel: 'EMAIL', language: 'en', params: SAMPLES[kind], brand: { ecosystemName: 'X' } });
      expect(en.text).toContain('Stop e-mails like this one: https://app.example.org/unsubscribe/abc.def');
      expect(en.html).toContain('href="https://app.example.org/unsubscribe/abc.def"');
      expect(renderMessage({ kind, channel: 'EMAIL', language: 'es', params: SAMPLES[kind], brand: { ecosystemName: 'X' } }).text).toContain('No recibir más correos como este');
      expect(renderMessage({ kind, channel: 'SMS', language: 'en', params: { ...SAMPLES[kind], unsubscribeUrl: null }, brand: { ecosystemName: 'X' } }).text).not.toContain('unsubscribe');
      // Without a link (a worker without the platform's secret), the e-mail still renders, without it.
      expect(renderMessage({ kind, channel: 'EMAIL', language: 'en', params: { ...SAMPLES[kind], unsubscribeUrl: null }, brand: { ecosystemName: 'X' } }).text).not.toContain('unsubscribe');
    }
  });

  it("say whose session it is to a parent, with the ecosystem's learner term to leaders", () => {
    const parent = renderMessage({ kind: 'SESSION_CANCELLED', channel: 'EMAIL', language: 'es', params: { ...SAMPLES.SESSION_CANCELLED, childName: 'Ana' }, brand: { ecosystemName: 'X' } });
    expect(parent.subject).toBe('X: sesión cancelada de Ana: Algebra');
    expect(parent.text).toContain('Motivo: The school is closed.');
    const joined = renderMessage({ kind: 'SESSION_PARTICIPANT_JOINED', channel: 'EMAIL', language: 'en', params: SAMPLES.SESSION_PARTICIPANT_JOINED, brand: { ecosystemName: 'X', tuteeTerm: 'Mentee' } });
    expect(joined.text).toContain('Ben Ruiz (Mentee) joined your session Algebra');
  });
});
