/**
 * Events of the multi-factor aggregate (stream `mfa-<userId>`, docs/decisions/0039). Kept apart
 * from the User stream: the factors change on their own schedule and hold secrets that nothing
 * else folds. No event carries a usable secret: the TOTP secret is sealed with the platform's MFA
 * key (api/auth/factors/secret-box.ts) and recovery codes are kept as keyed hashes.
 */
import { z } from 'zod';

export const MFA_METHODS = ['TOTP', 'EMAIL'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** `v<version>.<iv>.<tag>.<ciphertext>`, base64url parts: what secret-box.ts seals, never a plain secret. */
export const sealedSecretSchema = z.string().max(512).regex(/^v\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
/** HMAC-SHA-256 of a normalised recovery code, in hex. */
export const codeHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const MAX_RECOVERY_CODES = 20;
export const recoveryCodeHashesSchema = z.array(codeHashSchema).min(1).max(MAX_RECOVERY_CODES)
  .refine((hashes) => new Set(hashes).size === hashes.length);

export const totpEnrolmentStartedSchema = z.object({ userId: z.uuid(), sealedSecret: sealedSecretSchema });
export const totpEnabledSchema = z.object({ userId: z.uuid(), recoveryCodeHashes: recoveryCodeHashesSchema });
export const mfaRecoveryCodeUsedSchema = z.object({ userId: z.uuid(), codeHash: codeHashSchema });
export const mfaDisabledSchema = z.object({ userId: z.uuid() });
/** A new set of recovery codes replaced every unused one (docs/decisions/0043). */
export const mfaRecoveryCodesRegeneratedSchema = z.object({ userId: z.uuid(), recoveryCodeHashes: recoveryCodeHashesSchema });
/** The e-mail code method was turned on, confirmed by a first mailed code (docs/decisions/0043). */
export const emailCodeEnabledSchema = z.object({ userId: z.uuid(), recoveryCodeHashes: recoveryCodeHashesSchema });

export type TotpEnrolmentStarted = { type: 'TotpEnrolmentStarted'; data: z.infer<typeof totpEnrolmentStartedSchema> };
export type TotpEnabled = { type: 'TotpEnabled'; data: z.infer<typeof totpEnabledSchema> };
export type MfaRecoveryCodeUsed = { type: 'MfaRecoveryCodeUsed'; data: z.infer<typeof mfaRecoveryCodeUsedSchema> };
export type MfaDisabled = { type: 'MfaDisabled'; data: z.infer<typeof mfaDisabledSchema> };
export type MfaRecoveryCodesRegenerated = { type: 'MfaRecoveryCodesRegenerated'; data: z.infer<typeof mfaRecoveryCodesRegeneratedSchema> };

export type EmailCodeEnabled = { type: 'EmailCodeEnabled'; data: z.infer<typeof emailCodeEnabledSchema> };

export type MfaEvent = TotpEnrolmentStarted | TotpEnabled | MfaRecoveryCodeUsed | MfaDisabled | MfaRecoveryCodesRegenerated | EmailCodeEnabled;

export const mfaEventSchemas = {
  TotpEnrolmentStarted: totpEnrolmentStartedSchema,
  TotpEnabled: totpEnabledSchema,
  MfaRecoveryCodeUsed: mfaRecoveryCodeUsedSchema,
  MfaDisabled: mfaDisabledSchema,
  MfaRecoveryCodesRegenerated: mfaRecoveryCodesRegeneratedSchema,
  EmailCodeEnabled: emailCodeEnabledSchema,
};
