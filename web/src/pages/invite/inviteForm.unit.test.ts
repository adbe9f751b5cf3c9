import { describe, expect, it } from 'vitest';
import { EMPTY_INVITE, inviteFieldOf, inviteFormErrors } from './inviteForm';

describe('the invite form', () => {
  it('asks for an e-mail, both names, and a program for a program role', () => {
    expect(inviteFormErrors(EMPTY_INVITE)).toEqual({ email: 'login.emailInvalid', firstName: 'invite.nameRequired', lastName: 'invite.nameRequired' });
    const filled = { ...EMPTY_INVITE, email: 'a@b.org', firstName: 'A', lastName: 'B' };
    expect(inviteFormErrors(filled)).toEqual({});
    expect(inviteFormErrors({ ...filled, role: 'LEADER' })).toEqual({ programId: 'invite.programRequired' });
    expect(inviteFormErrors({ ...filled, role: 'LEADER', programId: 'p' })).toEqual({});
  });

  it('maps the server\'s input fields onto its own', () => {
    expect(inviteFieldOf('input.email')).toBe('email');
    expect(inviteFieldOf('input.programId')).toBe('programId');
    expect(inviteFieldOf('input.ecosystemId')).toBeNull();
  });
});
