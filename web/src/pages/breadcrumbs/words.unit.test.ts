import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../i18n/en';
import { es } from '../../i18n/es';
import { AUDIT_MESSAGES, type AuditMessageId } from './i18n/catalogue';
import { actorWords, valueWords, wordsOf, type Reader } from './words';

/** A catalogue lookup with ICU arguments filled (enough for these messages: no plurals). */
function reader(locale: 'en' | 'sp', zone = 'America/New_York'): Reader {
  const words: Record<string, string> = locale === 'en' ? { ...en, ...AUDIT_MESSAGES.en } : { ...es, ...AUDIT_MESSAGES.sp };
  const t = (id: MessageId | AuditMessageId, values?: Record<string, unknown>) =>
    words[id].replace(/\{(\w+)[^}]*\}/g, (_, name: string) => String(values?.[name] ?? `{${name}}`));
  return { t, localeTag: locale === 'en' ? 'en' : 'es', zone };
}

describe('a breadcrumb in words', () => {
  it('reads values from fixed lists in words in both languages, lists item by item', () => {
    expect(valueWords('ECOSYSTEM', reader('en'), 'type')).toBe('Ecosystem');
    expect(valueWords('ECOSYSTEM', reader('sp'), 'type')).toBe('Ecosistema');
    expect(valueWords('NON_PROFIT', reader('sp'), 'organizationType')).toBe('Sin fines de lucro');
    expect(valueWords('program', reader('en'), 'kind')).toBe('Program');
    expect(valueWords(['GROUP', 'DROP_IN'], reader('en'), 'sessionCapabilities')).toBe('Group, Drop-in');
    expect(valueWords(['Tutor', 'Admin'], reader('sp'), 'sessions.sessionCancelProfileTypes')).toBe('Tutores, Administradores');
    expect(valueWords('SUPER_ADMIN', reader('en'), 'role')).toBe('Ecosystem admin');
    expect(valueWords('createEcosystemDemoData', reader('sp'), 'jobName')).toBe('Crear datos de demostración');
    // Free text stays as it is, even when it looks like a value of some list.
    expect(valueWords('ECOSYSTEM', reader('en'), 'name')).toBe('ECOSYSTEM');
  });

  it('writes instants like the When column, in the viewer\'s zone and language, and days as days', () => {
    expect(valueWords('2026-11-23T21:02:59.592Z', reader('sp'), 'claimedAt')).toBe('23 nov 2026, 16:02:59 UTC-5');
    expect(valueWords('2026-11-23T21:02:59.592Z', reader('en', 'UTC'), 'claimedAt')).toBe('23 Nov 2026, 21:02:59 UTC');
    expect(valueWords('2026-12-01', reader('en'), 'demoSessionsStartDate')).toBe('1 Dec 2026');
  });

  it('names an operator by their login, the platform as the system, and nobody else it cannot name', () => {
    expect(actorWords({ userId: 'operator:root', name: null, role: 'OPERATOR' }, reader('en').t)).toBe('root (operator)');
    expect(actorWords({ userId: 'operator:root', name: null, role: 'OPERATOR' }, reader('sp').t)).toBe('root (operador)');
    expect(actorWords({ userId: 'operator:', name: null, role: 'OPERATOR' }, reader('en').t)).toBe('Unknown user');
    expect(actorWords({ userId: 'u1', name: 'Pat Admin', role: 'PLATFORM_ADMIN' }, reader('en').t)).toBe('Pat Admin');
    expect(actorWords({ userId: 'system', name: null, role: 'SYSTEM' }, reader('en').t)).toBe('System');
    expect(actorWords({ userId: 'u2', name: null, role: 'PLATFORM_ADMIN' }, reader('en').t)).toBe('Unknown user');
  });

  it('puts it together: a demo item of kind "program" reads "Program"', () => {
    const words = wordsOf({
      eventType: 'DemoDataItemAdded', summary: 'Added demo program Algebra', actorUserId: 'u1', actorName: 'Pat Admin', actorRole: 'PLATFORM_ADMIN',
      targetType: 'demodata', targetName: null, changes: { kind: 'program', label: 'Algebra' },
    }, reader('sp'));
    expect(words).toMatchObject({ action: 'Elemento de demostración añadido', targetKind: 'Datos de demostración' });
    expect(words.details).toEqual([{ field: 'Tipo', value: 'Programa' }, { field: 'Etiqueta', value: 'Algebra' }]);
  });

  it('says an event the platform could not read is unreadable, and why, in both languages; a readable one says nothing', () => {
    const crumb = {
      eventType: 'ProgramEdited', summary: 'ProgramEdited on program p1', actorUserId: 'u1', actorName: 'Pat Admin', actorRole: 'SUPER_ADMIN',
      targetType: 'program', targetName: null, changes: { changes: { name: 7 } }, unreadable: 'changes.name: expected string',
    };
    expect(wordsOf(crumb, reader('en')).unreadable).toBe('Unreadable: the platform could not read this event (changes.name: expected string); its data is shown as stored.');
    expect(wordsOf(crumb, reader('sp')).unreadable).toMatch(/^Ilegible: .*\(changes\.name: expected string\)/);
    expect(wordsOf({ ...crumb, unreadable: null }, reader('en')).unreadable).toBeNull();
  });
});
