/**
 * Inputs of the multi-factor commands. The domain never sees a secret or a code: the API checks a
 * code against the unsealed secret and then states what it found (a confirmed enrolment, a
 * recovery code's hash), and the aggregate decides whether that still fits the stream.
 */
import { z } from 'zod';
import { codeHashSchema, recoveryCodeHashesSchema, sealedSecretSchema } from './events';

export const startTotpEnrolmentInput = z.object({ userId: z.uuid(), sealedSecret: sealedSecretSchema });
export type StartTotpEnrolmentInput = z.infer<typeof startTotpEnrolmentInput>;

/** `sealedSecret` names the secret the code was checked against, so a newer set-up is never confirmed by an older QR code. */
export const confirmTotpEnrolmentInput = z.object({ userId: z.uuid(), sealedSecret: sealedSecretSchema, recoveryCodeHashes: recoveryCodeHashesSchema });
export type ConfirmTotpEnrolmentInput = z.infer<typeof confirmTotpEnrolmentInput>;

export const useMfaRecoveryCodeInput = z.object({ userId: z.uuid(), codeHash: codeHashSchema });
export type UseMfaRecoveryCodeInput = z.infer<typeof useMfaRecoveryCodeInput>;

export const disableMfaInput = z.object({ userId: z.uuid() });
export type DisableMfaInput = z.infer<typeof disableMfaInput>;

export const regenerateMfaRecoveryCodesInput = z.object({ userId: z.uuid(), recoveryCodeHashes: recoveryCodeHashesSchema });
export type RegenerateMfaRecoveryCodesInput = z.infer<typeof regenerateMfaRecoveryCodesInput>;

/** The API checked a first mailed code; the aggregate decides whether a factor may still be turned on. */
export const enableEmailCodeInput = z.object({ userId: z.uuid(), recoveryCodeHashes: recoveryCodeHashesSchema });
export type EnableEmailCodeInput = z.infer<typeof enableEmailCodeInput>;

export type MfaCommand =
  | { type: 'StartTotpEnrolment'; data: StartTotpEnrolmentInput }
  | { type: 'ConfirmTotpEnrolment'; data: ConfirmTotpEnrolmentInput }
  | { type: 'UseMfaRecoveryCode'; data: UseMfaRecoveryCodeInput }
  | { type: 'DisableMfa'; data: DisableMfaInput }
  | { type: 'RegenerateMfaRecoveryCodes'; data: RegenerateMfaRecoveryCodesInput }
  | { type: 'EnableEmailCode'; data: EnableEmailCodeInput };
