import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../i18n/en';
import { es } from '../../i18n/es';
import { AUDIT_MESSAGES, type AuditMessageId } from './i18n/catalogue';
import { NO_NAMES, targetNames, targetOptionLabel } from './targets';
import type { Reader } from './words';

function reader(locale: 'en' | 'sp'): Reader {
  const words: Record<string, string> = locale === 'en' ? { ...en, ...AUDIT_MESSAGES.en } : { ...es, ...AUDIT_MESSAGES.sp };
  return { t: (id: MessageId | AuditMessageId) => words[id], localeTag: locale === 'en' ? 'en' : 'es', zone: 'UTC' };
}

const JOB = '4bcc3c60-1111-4222-8333-944444444444';
const ECOSYSTEM = 'e9505b83-1111-4222-8333-944444444444';
const names = targetNames([
  { targetType: 'batchjob', targetId: JOB, occurredAt: '2026-11-23T21:02:59.592Z', changes: { jobName: 'createEcosystemDemoData', demoSessionsStartDate: '2026-12-01' } },
  { targetType: 'useremail', targetId: 'abc123', occurredAt: '2026-11-23T21:00:00.000Z', changes: { email: 'pat@example.org' } },
]);

describe('the Item filter\'s names', () => {
  it('names a thing by its name and kind', () => {
    expect(targetOptionLabel({ targetType: 'program', targetId: 'p1', name: 'Math Tutoring' }, names, reader('en'), 'Program')).toBe('Math Tutoring · Program');
  });

  it('names a background job by its job in words and when it was queued, in the reader\'s language', () => {
    expect(targetOptionLabel({ targetType: 'batchjob', targetId: JOB, name: null }, names, reader('en'), 'Background job'))
      .toBe('Create demo data · 23 Nov 2026, 21:02:59 UTC');
    expect(targetOptionLabel({ targetType: 'batchjob', targetId: JOB, name: null }, names, reader('sp'), 'Trabajo en segundo plano'))
      .toBe('Crear datos de demostración · 23 nov 2026, 21:02:59 UTC');
  });

  it('names the demo-data ledger "Demo data" and an e-mail reservation by its address, never by their ids', () => {
    const ledger = targetOptionLabel({ targetType: 'demodata', targetId: ECOSYSTEM, name: null }, names, reader('sp'), 'Datos de demostración');
    expect(ledger).toBe('Datos de demostración');
    const email = targetOptionLabel({ targetType: 'useremail', targetId: 'abc123', name: null }, names, reader('en'), 'Email address');
    expect(email).toBe('pat@example.org · Email address');
    for (const label of [ledger, email]) expect(label).not.toMatch(/e9505b83|abc123/);
  });

  it('falls back to the id only for what the trail cannot name', () => {
    expect(targetOptionLabel({ targetType: 'batchjob', targetId: JOB, name: null }, NO_NAMES, reader('en'), 'Background job')).toBe(`${JOB} · Background job`);
  });
});
