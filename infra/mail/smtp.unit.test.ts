import { describe, expect, it } from 'vitest';
import { classifySmtpFailure, describeSmtpUrl } from './smtp';

describe('SMTP failures', () => {
  it('retry what may work later, stop at a refusal, and never resend what may have gone out', () => {
    expect(classifySmtpFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 })).toBe('permanent');
    expect(classifySmtpFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451 })).toBe('transient');
    expect(classifySmtpFailure({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 })).toBe('transient');
    expect(classifySmtpFailure({ code: 'ECONNECTION', command: 'CONN' })).toBe('transient');
    expect(classifySmtpFailure({ code: 'ETIMEDOUT', command: 'DATA' })).toBe('uncertain');
  });

  it('show the server without its credentials', () => {
    expect(describeSmtpUrl('smtp://user:p%40ss@mail.example.org:587')).toBe('smtp://mail.example.org:587');
    expect(describeSmtpUrl('smtps://user:pass@mail.example.org')).toBe('smtps://mail.example.org');
  });
});
