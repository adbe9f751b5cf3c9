import { describe, it } from 'vitest';
import { ZodError } from 'zod';
import { ForbiddenError, IllegalStateError, ValidationError } from '../shared/errors';
import type { UserEvent } from './events';
import { given } from './given';
import { changePassword, confirmEmailChange, grantEcosystemRole, registerUser, requestEmailChange, revokeEcosystemRole, verifyEmail } from './handlers';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const programId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdG5ld3NhbHQ$bmV3aGFzaG5ld2hhc2g';

const registration = {
  userId, email: '  Ada.Lovelace@Example.COM ', firstName: 'Ada', lastName: 'Lovelace', passwordHash: HASH,
};
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId, email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace', preferredName: null,
    passwordHash: HASH, platformAdmin: false,
  },
};
const adminGrant = { userId, ecosystemId, role: 'SUPER_ADMIN' as const, programId: null };
const adminGranted: UserEvent = { type: 'EcosystemRoleGranted', data: { ...adminGrant, status: 'ACTIVATED' } };
const leaderGrant = { userId, ecosystemId, role: 'LEADER' as const, programId };

describe('User: not yet registered', () => {
  it('RegisterUser records the user with a normalised e-mail', () => {
    given(registerUser, []).when(registration).then([registered]);
  });

  it('RegisterUser rejects a malformed e-mail', () => {
    given(registerUser, []).when({ ...registration, email: 'not-an-email' }).thenThrows(ZodError, 'Please enter a valid email address.');
  });

  it('RegisterUser rejects a plain password where a hash belongs', () => {
    given(registerUser, []).when({ ...registration, passwordHash: 'hunter2hunter2hunter2' }).thenThrows(ZodError);
  });

  it('RegisterUser of a platform admin by the system seeding is allowed', () => {
    given(registerUser, []).when({ ...registration, platformAdmin: true })
      .then([{ ...registered, data: { ...registered.data, platformAdmin: true } } as UserEvent]);
  });

  it('RegisterUser of a platform admin by an ecosystem admin is forbidden', () => {
    given(registerUser, []).when({ ...registration, platformAdmin: true }, { actor: { userId, role: 'SUPER_ADMIN' } })
      .thenThrows(ForbiddenError, 'Only platform admins can create platform admin accounts.');
  });

  it('GrantEcosystemRole to an unknown user fails', () => {
    given(grantEcosystemRole, []).when(adminGrant).thenThrows(IllegalStateError, 'This account does not exist.');
  });

  it('ChangePassword of an unknown user fails', () => {
    given(changePassword, []).when({ userId, passwordHash: NEW_HASH }).thenThrows(IllegalStateError);
  });
});

describe('User: registered', () => {
  it('RegisterUser again fails', () => {
    given(registerUser, [registered]).when(registration).thenThrows(IllegalStateError, 'This account already exists.');
  });

  it('GrantEcosystemRole records an ecosystem role', () => {
    given(grantEcosystemRole, [registered]).when(adminGrant).then([adminGranted]);
  });

  it('GrantEcosystemRole records a program role with its program', () => {
    given(grantEcosystemRole, [registered]).when(leaderGrant).then([{ type: 'EcosystemRoleGranted', data: { ...leaderGrant, status: 'ACTIVE' } }]);
  });

  it('GrantEcosystemRole of a program role without a program is refused per field', () => {
    given(grantEcosystemRole, [registered]).when({ ...leaderGrant, programId: null })
      .thenThrows(ValidationError, 'A program is required for this role.');
  });

  it('GrantEcosystemRole of an ecosystem role with a program is refused', () => {
    given(grantEcosystemRole, [registered]).when({ ...adminGrant, programId })
      .thenThrows(ValidationError, 'This role is granted for the whole ecosystem, not for one program.');
  });

  it('GrantEcosystemRole of an unknown role is refused', () => {
    given(grantEcosystemRole, [registered]).when({ ...adminGrant, role: 'PLATFORM_ADMIN' }).thenThrows(ZodError);
  });

  it('RevokeEcosystemRole of a role not held fails', () => {
    given(revokeEcosystemRole, [registered]).when(adminGrant).thenThrows(IllegalStateError, 'This user does not have that role.');
  });

  it('ChangePassword records the new hash', () => {
    given(changePassword, [registered]).when({ userId, passwordHash: NEW_HASH })
      .then([{ type: 'UserPasswordChanged', data: { userId, passwordHash: NEW_HASH } }]);
  });
});

describe('User: holding a role', () => {
  it('GrantEcosystemRole of the same role again changes nothing', () => {
    given(grantEcosystemRole, [registered, adminGranted]).when(adminGrant).then([]);
  });

  it('GrantEcosystemRole of the same role in another program is a new grant', () => {
    const other = { ...leaderGrant, programId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e05' };
    given(grantEcosystemRole, [registered, { type: 'EcosystemRoleGranted', data: { ...leaderGrant, status: 'ACTIVE' } }]).when(other)
      .then([{ type: 'EcosystemRoleGranted', data: { ...other, status: 'ACTIVE' } }]);
  });

  it('RevokeEcosystemRole records the revocation', () => {
    given(revokeEcosystemRole, [registered, adminGranted]).when(adminGrant)
      .then([{ type: 'EcosystemRoleRevoked', data: adminGrant }]);
  });

  it('a revoked role can be granted again', () => {
    given(grantEcosystemRole, [registered, adminGranted, { type: 'EcosystemRoleRevoked', data: adminGrant }])
      .when(adminGrant).then([adminGranted]);
  });
});

describe('User: e-mail verification (docs/decisions/0042)', () => {
  const emailVerified: UserEvent = { type: 'UserEmailVerified', data: { userId, email: 'ada.lovelace@example.com' } };

  it('VerifyEmail of the account\'s address records it verified', () => {
    given(verifyEmail, [registered]).when({ userId, email: 'Ada.Lovelace@example.com' }).then([emailVerified]);
  });

  it('VerifyEmail again changes nothing', () => {
    given(verifyEmail, [registered, emailVerified]).when({ userId, email: 'ada.lovelace@example.com' }).then([]);
  });

  it('VerifyEmail of an address the account does not have is refused', () => {
    given(verifyEmail, [registered]).when({ userId, email: 'someone.else@example.com' })
      .thenThrows(IllegalStateError, 'This link is for an e-mail address your account no longer uses.');
  });

  it('VerifyEmail of an unknown user is refused', () => {
    given(verifyEmail, []).when({ userId, email: 'ada.lovelace@example.com' }).thenThrows(IllegalStateError, 'This account does not exist.');
  });
});

describe('User: changing the e-mail address (docs/decisions/0042)', () => {
  const requested: UserEvent = { type: 'UserEmailChangeRequested', data: { userId, email: 'ada@new.example.com' } };

  it('RequestEmailChange holds the new address pending; the same again records nothing', () => {
    given(requestEmailChange, [registered]).when({ userId, email: 'Ada@New.example.com' }).then([requested]);
    given(requestEmailChange, [registered, requested]).when({ userId, email: 'ada@new.example.com' }).then([]);
  });

  it('RequestEmailChange of the current address is refused on newEmail', () => {
    given(requestEmailChange, [registered]).when({ userId, email: 'ada.lovelace@example.com' })
      .thenThrows(ValidationError, 'This is already the e-mail address of your account.');
  });

  it('ConfirmEmailChange of the pending address changes it, from the previous one', () => {
    given(confirmEmailChange, [registered, requested]).when({ userId, email: 'ada@new.example.com' })
      .then([{ type: 'UserEmailChanged', data: { userId, email: 'ada@new.example.com', previousEmail: 'ada.lovelace@example.com' } }]);
  });

  it('ConfirmEmailChange of an address no longer pending is refused', () => {
    const newer: UserEvent = { type: 'UserEmailChangeRequested', data: { userId, email: 'ada@newer.example.com' } };
    given(confirmEmailChange, [registered, requested, newer]).when({ userId, email: 'ada@new.example.com' })
      .thenThrows(IllegalStateError, 'This link is for an e-mail address your account no longer uses.');
  });

  it('after the change, the new address is the account\'s and verified', () => {
    const changed: UserEvent = { type: 'UserEmailChanged', data: { userId, email: 'ada@new.example.com', previousEmail: 'ada.lovelace@example.com' } };
    given(verifyEmail, [registered, requested, changed]).when({ userId, email: 'ada@new.example.com' }).then([]);
    given(confirmEmailChange, [registered, requested, changed]).when({ userId, email: 'ada@new.example.com' }).then([]);
  });
});
