/** Decisions of the multi-factor aggregate: one small function per command, then `decide`. */
import type { CommandContext } from '../shared/decider';
import { ForbiddenError, IllegalStateError } from '../shared/errors';
import type {
  ConfirmTotpEnrolmentInput, DisableMfaInput, EnableEmailCodeInput, MfaCommand, RegenerateMfaRecoveryCodesInput, StartTotpEnrolmentInput, UseMfaRecoveryCodeInput,
} from './commands';
import type { MfaEvent } from './events';
import { mfaMessages } from './messages';
import type { MfaState } from './state';

/**
 * A person's factors are changed by that person (signed in, or between password and code at log-in),
 * by the platform itself, or turned off by a platform admin for someone locked out.
 */
function assertMayChange(userId: string, ctx: CommandContext, disabling = false): void {
  const { actor } = ctx;
  if (actor.userId === userId || actor.role === 'SYSTEM') return;
  if (disabling && actor.role === 'PLATFORM_ADMIN') return;
  throw new ForbiddenError(mfaMessages.ownFactorsOnly);
}

export function startTotpEnrolment(input: StartTotpEnrolmentInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx);
  // Replacing a working factor would let anyone with the password take the account over.
  if (state.status === 'enabled') throw new IllegalStateError(mfaMessages.alreadyEnabled, 'MFA_ALREADY_ENABLED');
  return [{ type: 'TotpEnrolmentStarted', data: { userId: input.userId, sealedSecret: input.sealedSecret } }];
}

export function confirmTotpEnrolment(input: ConfirmTotpEnrolmentInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx);
  if (state.status === 'enabled') throw new IllegalStateError(mfaMessages.alreadyEnabled, 'MFA_ALREADY_ENABLED');
  if (state.status !== 'pending') throw new IllegalStateError(mfaMessages.noPendingEnrolment, 'MFA_NO_PENDING_ENROLMENT');
  if (state.sealedSecret !== input.sealedSecret) throw new IllegalStateError(mfaMessages.enrolmentChanged, 'MFA_ENROLMENT_CHANGED');
  return [{ type: 'TotpEnabled', data: { userId: input.userId, recoveryCodeHashes: input.recoveryCodeHashes } }];
}

/** Each recovery code works once: the stream, not a read model, says which are left. */
export function useMfaRecoveryCode(input: UseMfaRecoveryCodeInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx);
  if (state.status !== 'enabled' || !state.unusedRecoveryCodeHashes.includes(input.codeHash)) {
    throw new IllegalStateError(mfaMessages.recoveryCodeNotValid, 'MFA_RECOVERY_CODE_NOT_VALID');
  }
  return [{ type: 'MfaRecoveryCodeUsed', data: { userId: input.userId, codeHash: input.codeHash } }];
}

export function disableMfa(input: DisableMfaInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx, true);
  // Turning off what is already off changes nothing, so a repeated request is harmless.
  if (state.status === 'none') return [];
  return [{ type: 'MfaDisabled', data: { userId: input.userId } }];
}

/**
 * New recovery codes replace every unused one (the old ones stop working). The same set again (a
 * repeated request, whose codes derive from its idempotency key) records nothing.
 */
export function regenerateMfaRecoveryCodes(input: RegenerateMfaRecoveryCodesInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx);
  if (state.status !== 'enabled') throw new IllegalStateError(mfaMessages.notEnabled, 'MFA_NOT_ENABLED');
  const current = new Set(state.unusedRecoveryCodeHashes);
  if (input.recoveryCodeHashes.length === current.size && input.recoveryCodeHashes.every((h) => current.has(h))) return [];
  return [{ type: 'MfaRecoveryCodesRegenerated', data: { userId: input.userId, recoveryCodeHashes: input.recoveryCodeHashes } }];
}

/**
 * Turns the e-mail code method on once the API has checked a first mailed code. Like a new app, it
 * never replaces a factor that is on; a set-up of an app that was pending ends.
 */
export function enableEmailCode(input: EnableEmailCodeInput, state: MfaState, ctx: CommandContext): MfaEvent[] {
  assertMayChange(input.userId, ctx);
  if (state.status === 'enabled') throw new IllegalStateError(mfaMessages.alreadyEnabled, 'MFA_ALREADY_ENABLED');
  return [{ type: 'EmailCodeEnabled', data: { userId: input.userId, recoveryCodeHashes: input.recoveryCodeHashes } }];
}

export function decide(command: MfaCommand, state: MfaState, ctx: CommandContext): MfaEvent[] {
  switch (command.type) {
    case 'StartTotpEnrolment':
      return startTotpEnrolment(command.data, state, ctx);
    case 'ConfirmTotpEnrolment':
      return confirmTotpEnrolment(command.data, state, ctx);
    case 'UseMfaRecoveryCode':
      return useMfaRecoveryCode(command.data, state, ctx);
    case 'DisableMfa':
      return disableMfa(command.data, state, ctx);
    case 'RegenerateMfaRecoveryCodes':
      return regenerateMfaRecoveryCodes(command.data, state, ctx);
    case 'EnableEmailCode':
      return enableEmailCode(command.data, state, ctx);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
