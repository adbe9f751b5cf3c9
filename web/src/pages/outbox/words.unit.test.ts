import { describe, expect, it } from 'vitest';
import { outboxEn } from '../../i18n/outbox.en';
import { outboxEs } from '../../i18n/outbox.es';
import { statusColor, statusLabel } from './words';

describe('the outbox words', () => {
  it('names a bounced message in both languages, in red like a failed one (decision 0077)', () => {
    const id = statusLabel('BOUNCED');
    expect(id).toBe('outbox.status.BOUNCED');
    expect(outboxEn[id as keyof typeof outboxEn]).toBe('Bounced');
    expect(outboxEs[id as keyof typeof outboxEs]).toBe('Rebotado');
    expect(statusColor('BOUNCED')).toBe(statusColor('FAILED'));
  });
});
