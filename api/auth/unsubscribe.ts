/**
 * Unsubscribe links (docs/decisions/0072) for the API: the token check, and the settings edit with
 * the link's person as the actor (a signed-out request has no viewer to act as). Like the one-time
 * links (decision 0042), the command goes straight to the bus; the signature is the proof.
 */
import type { Position } from '../../domain/shared/events';
import { USERS_PROJECTION } from '../../projections/users';
import type { CommandDispatcher } from './service';
import { editNotificationSettings } from '../../domain/user/settings/handlers';
import { unsubscribeTokens, type UnsubscribeClaim, type UnsubscribeTokens } from '../../infra/unsubscribe';
import { deterministicUuid } from '../../workflows/ids';

export class UnsubscribeLinks {
  private readonly tokens: UnsubscribeTokens;

  constructor(
    secret: string, private readonly bus: CommandDispatcher, private readonly clock: () => Date,
    private readonly projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> }, private readonly waitMs: number,
  ) {
    this.tokens = unsubscribeTokens(secret);
  }

  sign(claim: UnsubscribeClaim): string {
    return this.tokens.sign(claim);
  }

  verify(token: string): UnsubscribeClaim | null {
    return this.tokens.verify(token);
  }

  /** Turns the claim's e-mail off, keeping its text setting. `version` (the current setting) makes a repeat the same command. */
  async turnEmailOff(claim: UnsubscribeClaim, text: boolean, version: string): Promise<void> {
    const result = await this.bus.dispatch(editNotificationSettings, { userId: claim.userId, variant: claim.variant, settings: [{ kind: claim.kind, email: false, text }] }, {
      actor: { userId: claim.userId, role: 'MEMBER' },
      commandId: deterministicUuid(`unsubscribe/${claim.userId}/${claim.variant}/${claim.kind}/${version}`),
      now: this.clock().toISOString(),
    });
    // The settings page shows the change once the answer arrives.
    if (result.position) await this.projections.waitFor(result.position, [USERS_PROJECTION], this.waitMs);
  }
}
