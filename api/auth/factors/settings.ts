/** Profile.MFASettings (spec section 3): the person's own factor, read from its stream; nobody else's is shown. */
import type { MfaState } from '../../../domain/mfa/state';
import type { RequestContext } from '../../context';

export interface MfaSettingValue {
  method: 'TOTP' | 'EMAIL';
  /** False while the set-up waits for its first code. */
  validated: boolean;
  recoveryCodesLeft: number;
}

export async function mfaSettingsOf(ctx: RequestContext, userId: string): Promise<MfaSettingValue[]> {
  if (ctx.viewer?.userId !== userId) return [];
  const state: MfaState = await ctx.services.auth.mfa.state(userId);
  if (state.status === 'none') return [];
  const enabled = state.status === 'enabled';
  return [{ method: enabled ? state.method : 'TOTP', validated: enabled, recoveryCodesLeft: enabled ? state.unusedRecoveryCodeHashes.length : 0 }];
}
