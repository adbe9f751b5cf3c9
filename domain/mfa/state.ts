/** State of one user's second factors, folded from `mfa-<userId>`. */
import type { Aggregate } from '../shared/decider';
import { mfaEventSchemas, type MfaEvent } from './events';

export type MfaState =
  | { status: 'none' }
  /** A secret was issued (QR code shown) but no code from it has been entered yet. */
  | { status: 'pending'; userId: string; sealedSecret: string }
  /** A factor is on: an authenticator app (TOTP, with its secret) or codes mailed to the account's address (EMAIL). */
  | { status: 'enabled'; method: 'TOTP'; userId: string; sealedSecret: string; unusedRecoveryCodeHashes: string[] }
  | { status: 'enabled'; method: 'EMAIL'; userId: string; unusedRecoveryCodeHashes: string[] };

export const initialMfaState: MfaState = { status: 'none' };

export function evolve(state: MfaState, event: MfaEvent): MfaState {
  switch (event.type) {
    case 'TotpEnrolmentStarted':
      return { status: 'pending', userId: event.data.userId, sealedSecret: event.data.sealedSecret };
    case 'TotpEnabled':
      // Only a pending enrolment is ever confirmed (decide.ts); anything else ignores it.
      return state.status === 'pending'
        ? { status: 'enabled', method: 'TOTP', userId: state.userId, sealedSecret: state.sealedSecret, unusedRecoveryCodeHashes: event.data.recoveryCodeHashes }
        : state;
    case 'MfaRecoveryCodeUsed':
      return state.status === 'enabled'
        ? { ...state, unusedRecoveryCodeHashes: state.unusedRecoveryCodeHashes.filter((h) => h !== event.data.codeHash) }
        : state;
    case 'EmailCodeEnabled':
      // Only decided while no factor is on (decide.ts); a replayed history keeps what was on.
      return state.status === 'enabled' ? state : { status: 'enabled', method: 'EMAIL', userId: event.data.userId, unusedRecoveryCodeHashes: event.data.recoveryCodeHashes };
    case 'MfaDisabled':
      return initialMfaState;
    case 'MfaRecoveryCodesRegenerated':
      return state.status === 'enabled' ? { ...state, unusedRecoveryCodeHashes: event.data.recoveryCodeHashes } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const mfaAggregate: Aggregate<MfaState, MfaEvent> = {
  category: 'mfa',
  initialState: initialMfaState,
  evolve,
  eventSchemas: mfaEventSchemas,
};
