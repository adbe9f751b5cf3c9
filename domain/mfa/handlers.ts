/** The multi-factor command handlers the command bus runs; every one acts on `mfa-<userId>`. */
import type { CommandHandler } from '../shared/decider';
import {
  confirmTotpEnrolmentInput, disableMfaInput, enableEmailCodeInput, regenerateMfaRecoveryCodesInput, startTotpEnrolmentInput, useMfaRecoveryCodeInput,
  type ConfirmTotpEnrolmentInput, type DisableMfaInput, type MfaCommand, type RegenerateMfaRecoveryCodesInput, type StartTotpEnrolmentInput,
  type UseMfaRecoveryCodeInput, type EnableEmailCodeInput,
} from './commands';
import { decide } from './decide';
import type { MfaEvent } from './events';
import { mfaAggregate, type MfaState } from './state';

type MfaHandler<Input> = CommandHandler<Input, MfaState, MfaEvent>;

function handler<T extends MfaCommand['type'], Input extends { userId: string }>(type: T, input: MfaHandler<Input>['input']): MfaHandler<Input> {
  return {
    type,
    input,
    aggregate: mfaAggregate,
    aggregateId: (data) => data.userId,
    // A person's factors belong to no tenant, like the account itself.
    ecosystemId: () => null,
    decide: (data, state, ctx) => decide({ type, data } as MfaCommand, state, ctx),
  };
}

export const startTotpEnrolment = handler<'StartTotpEnrolment', StartTotpEnrolmentInput>('StartTotpEnrolment', startTotpEnrolmentInput);
export const confirmTotpEnrolment = handler<'ConfirmTotpEnrolment', ConfirmTotpEnrolmentInput>('ConfirmTotpEnrolment', confirmTotpEnrolmentInput);
export const useMfaRecoveryCode = handler<'UseMfaRecoveryCode', UseMfaRecoveryCodeInput>('UseMfaRecoveryCode', useMfaRecoveryCodeInput);
export const disableMfa = handler<'DisableMfa', DisableMfaInput>('DisableMfa', disableMfaInput);
export const regenerateMfaRecoveryCodes = handler<'RegenerateMfaRecoveryCodes', RegenerateMfaRecoveryCodesInput>(
  'RegenerateMfaRecoveryCodes', regenerateMfaRecoveryCodesInput);
export const enableEmailCode = handler<'EnableEmailCode', EnableEmailCodeInput>('EnableEmailCode', enableEmailCodeInput);
