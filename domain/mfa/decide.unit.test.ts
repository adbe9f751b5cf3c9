import { describe, it } from 'vitest';
import { ZodError } from 'zod';
import { ForbiddenError, IllegalStateError } from '../shared/errors';
import type { Actor } from '../shared/events';
import { given } from '../user/given';
import type { MfaEvent } from './events';
import { confirmTotpEnrolment, disableMfa, regenerateMfaRecoveryCodes, startTotpEnrolment, useMfaRecoveryCode } from './handlers';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const self: Actor = { userId, role: 'MEMBER' };
const stranger: Actor = { userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03', role: 'SUPER_ADMIN' };
const platformAdmin: Actor = { userId: '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02', role: 'PLATFORM_ADMIN' };
const SEALED = 'v1.aXY.dGFn.Y2lwaGVy';
const NEWER = 'v1.aXYy.dGFnMg.Y2lwaGVyMg';
const hash = (n: number) => n.toString(16).padStart(64, '0');
const HASHES = [hash(1), hash(2), hash(3)];

const started: MfaEvent = { type: 'TotpEnrolmentStarted', data: { userId, sealedSecret: SEALED } };
const enabled: MfaEvent = { type: 'TotpEnabled', data: { userId, recoveryCodeHashes: HASHES } };
const usedFirst: MfaEvent = { type: 'MfaRecoveryCodeUsed', data: { userId, codeHash: hash(1) } };
const disabled: MfaEvent = { type: 'MfaDisabled', data: { userId } };

describe('MFA: nothing set up', () => {
  it('StartTotpEnrolment records the sealed secret', () => {
    given(startTotpEnrolment, []).when({ userId, sealedSecret: SEALED }, { actor: self }).then([started]);
  });

  it('StartTotpEnrolment refuses a plain secret where a sealed one belongs', () => {
    given(startTotpEnrolment, []).when({ userId, sealedSecret: 'JBSWY3DPEHPK3PXP' }, { actor: self }).thenThrows(ZodError);
  });

  it('StartTotpEnrolment for someone else is forbidden, even to a platform admin', () => {
    given(startTotpEnrolment, []).when({ userId, sealedSecret: SEALED }, { actor: stranger }).thenThrows(ForbiddenError);
    given(startTotpEnrolment, []).when({ userId, sealedSecret: SEALED }, { actor: platformAdmin }).thenThrows(ForbiddenError);
  });

  it('ConfirmTotpEnrolment without a started set-up is refused', () => {
    given(confirmTotpEnrolment, []).when({ userId, sealedSecret: SEALED, recoveryCodeHashes: HASHES }, { actor: self })
      .thenThrows(IllegalStateError, 'Start the set-up again');
  });

  it('DisableMfa changes nothing', () => {
    given(disableMfa, []).when({ userId }, { actor: self }).then([]);
  });
});

describe('MFA: set-up started', () => {
  it('ConfirmTotpEnrolment turns TOTP on with the recovery codes', () => {
    given(confirmTotpEnrolment, [started]).when({ userId, sealedSecret: SEALED, recoveryCodeHashes: HASHES }, { actor: self }).then([enabled]);
  });

  it('ConfirmTotpEnrolment for an older QR code than the newest set-up is refused', () => {
    const restarted: MfaEvent = { type: 'TotpEnrolmentStarted', data: { userId, sealedSecret: NEWER } };
    given(confirmTotpEnrolment, [started, restarted]).when({ userId, sealedSecret: SEALED, recoveryCodeHashes: HASHES }, { actor: self })
      .thenThrows(IllegalStateError, 'A newer set-up was started');
  });

  it('ConfirmTotpEnrolment refuses repeated recovery codes', () => {
    given(confirmTotpEnrolment, [started]).when({ userId, sealedSecret: SEALED, recoveryCodeHashes: [hash(1), hash(1)] }, { actor: self })
      .thenThrows(ZodError);
  });

  it('StartTotpEnrolment again replaces the secret', () => {
    given(startTotpEnrolment, [started]).when({ userId, sealedSecret: NEWER }, { actor: self })
      .then([{ type: 'TotpEnrolmentStarted', data: { userId, sealedSecret: NEWER } }]);
  });

  it('a recovery code is not valid before TOTP is on', () => {
    given(useMfaRecoveryCode, [started]).when({ userId, codeHash: hash(1) }, { actor: self }).thenThrows(IllegalStateError);
  });
});

describe('MFA: on', () => {
  it('StartTotpEnrolment is refused: a working factor is never replaced in place', () => {
    given(startTotpEnrolment, [started, enabled]).when({ userId, sealedSecret: NEWER }, { actor: self })
      .thenThrows(IllegalStateError, 'already on');
  });

  it('a recovery code works once', () => {
    given(useMfaRecoveryCode, [started, enabled]).when({ userId, codeHash: hash(1) }, { actor: self }).then([usedFirst]);
    given(useMfaRecoveryCode, [started, enabled, usedFirst]).when({ userId, codeHash: hash(1) }, { actor: self })
      .thenThrows(IllegalStateError, 'not valid or was already used');
    given(useMfaRecoveryCode, [started, enabled, usedFirst]).when({ userId, codeHash: hash(2) }, { actor: self })
      .then([{ type: 'MfaRecoveryCodeUsed', data: { userId, codeHash: hash(2) } }]);
  });

  it('an unknown recovery code is refused', () => {
    given(useMfaRecoveryCode, [started, enabled]).when({ userId, codeHash: hash(9) }, { actor: self }).thenThrows(IllegalStateError);
  });

  it('DisableMfa turns it off; a platform admin may do it for a locked-out person, another admin may not', () => {
    given(disableMfa, [started, enabled]).when({ userId }, { actor: self }).then([disabled]);
    given(disableMfa, [started, enabled]).when({ userId }, { actor: platformAdmin }).then([disabled]);
    given(disableMfa, [started, enabled]).when({ userId }, { actor: stranger }).thenThrows(ForbiddenError);
  });

  it('after DisableMfa a new set-up may start and old recovery codes are gone', () => {
    given(startTotpEnrolment, [started, enabled, disabled]).when({ userId, sealedSecret: NEWER }, { actor: self })
      .then([{ type: 'TotpEnrolmentStarted', data: { userId, sealedSecret: NEWER } }]);
    given(useMfaRecoveryCode, [started, enabled, disabled]).when({ userId, codeHash: hash(2) }, { actor: self }).thenThrows(IllegalStateError);
  });
});

describe('MFA: new recovery codes (docs/decisions/0043)', () => {
  const NEW = [hash(7), hash(8), hash(9)];
  const regenerated: MfaEvent = { type: 'MfaRecoveryCodesRegenerated', data: { userId, recoveryCodeHashes: NEW } };

  it('RegenerateMfaRecoveryCodes replaces every unused code; the old ones no longer work', () => {
    given(regenerateMfaRecoveryCodes, [started, enabled, usedFirst]).when({ userId, recoveryCodeHashes: NEW }, { actor: self }).then([regenerated]);
    given(useMfaRecoveryCode, [started, enabled, regenerated]).when({ userId, codeHash: hash(2) }, { actor: self })
      .thenThrows(IllegalStateError, 'That recovery code is not valid');
    given(useMfaRecoveryCode, [started, enabled, regenerated]).when({ userId, codeHash: hash(8) }, { actor: self })
      .then([{ type: 'MfaRecoveryCodeUsed', data: { userId, codeHash: hash(8) } }]);
  });

  it('RegenerateMfaRecoveryCodes with the current set again records nothing', () => {
    given(regenerateMfaRecoveryCodes, [started, enabled, regenerated]).when({ userId, recoveryCodeHashes: NEW }, { actor: self }).then([]);
  });

  it('RegenerateMfaRecoveryCodes is refused while the factor is off, and for someone else', () => {
    given(regenerateMfaRecoveryCodes, [started, enabled, disabled]).when({ userId, recoveryCodeHashes: NEW }, { actor: self })
      .thenThrows(IllegalStateError, 'Multi-factor authentication is off');
    given(regenerateMfaRecoveryCodes, [started, enabled]).when({ userId, recoveryCodeHashes: NEW }, { actor: platformAdmin }).thenThrows(ForbiddenError);
  });
});
