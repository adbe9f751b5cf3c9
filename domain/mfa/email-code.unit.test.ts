/** The e-mail code method on the multi-factor aggregate (docs/decisions/0043): turning it on, using it, turning it off. */
import { describe, expect, it } from 'vitest';
import { ForbiddenError, IllegalStateError } from '../shared/errors';
import type { Actor } from '../shared/events';
import { given } from '../user/given';
import type { MfaEvent } from './events';
import { disableMfa, enableEmailCode, startTotpEnrolment, useMfaRecoveryCode } from './handlers';
import { evolve, initialMfaState } from './state';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const self: Actor = { userId, role: 'MEMBER' };
const stranger: Actor = { userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03', role: 'SUPER_ADMIN' };
const SEALED = 'v1.aXY.dGFn.Y2lwaGVy';
const hash = (n: number) => n.toString(16).padStart(64, '0');
const HASHES = [hash(1), hash(2), hash(3)];

const emailOn: MfaEvent = { type: 'EmailCodeEnabled', data: { userId, recoveryCodeHashes: HASHES } };
const totpStarted: MfaEvent = { type: 'TotpEnrolmentStarted', data: { userId, sealedSecret: SEALED } };
const totpOn: MfaEvent = { type: 'TotpEnabled', data: { userId, recoveryCodeHashes: HASHES } };
const disabled: MfaEvent = { type: 'MfaDisabled', data: { userId } };

describe('MFA by e-mail code', () => {
  it('EnableEmailCode turns it on with the recovery codes, also over a pending app set-up', () => {
    given(enableEmailCode, []).when({ userId, recoveryCodeHashes: HASHES }, { actor: self }).then([emailOn]);
    given(enableEmailCode, [totpStarted]).when({ userId, recoveryCodeHashes: HASHES }, { actor: self }).then([emailOn]);
    given(enableEmailCode, [totpStarted, totpOn, disabled]).when({ userId, recoveryCodeHashes: HASHES }, { actor: self }).then([emailOn]);
  });

  it('never replaces a factor that is on, of either method', () => {
    given(enableEmailCode, [emailOn]).when({ userId, recoveryCodeHashes: [hash(7)] }, { actor: self }).thenThrows(IllegalStateError, 'already on');
    given(enableEmailCode, [totpStarted, totpOn]).when({ userId, recoveryCodeHashes: [hash(7)] }, { actor: self }).thenThrows(IllegalStateError, 'already on');
    given(startTotpEnrolment, [emailOn]).when({ userId, sealedSecret: SEALED }, { actor: self }).thenThrows(IllegalStateError, 'already on');
  });

  it('is the person\'s own to turn on', () => {
    given(enableEmailCode, []).when({ userId, recoveryCodeHashes: HASHES }, { actor: stranger }).thenThrows(ForbiddenError);
  });

  it('keeps recovery codes single-use and turns off like an app', () => {
    given(useMfaRecoveryCode, [emailOn]).when({ userId, codeHash: hash(2) }, { actor: self })
      .then([{ type: 'MfaRecoveryCodeUsed', data: { userId, codeHash: hash(2) } }]);
    given(disableMfa, [emailOn]).when({ userId }, { actor: self }).then([disabled]);
  });

  it('folds to an enabled e-mail method with no secret, and back to none', () => {
    const on = [emailOn].reduce(evolve, initialMfaState);
    expect(on).toEqual({ status: 'enabled', method: 'EMAIL', userId, unusedRecoveryCodeHashes: HASHES });
    expect([emailOn, disabled].reduce(evolve, initialMfaState)).toEqual(initialMfaState);
    expect([totpStarted, totpOn].reduce(evolve, initialMfaState)).toMatchObject({ status: 'enabled', method: 'TOTP', sealedSecret: SEALED });
  });
});
