/**
 * Claiming a profile id for an ecosystem before the ecosystem records it (decision 0006), and
 * recovering claims whose ecosystem never got the id: a crash between the claim and the create (or
 * the edit) leaves such a claim, and without recovery it would hold that profile id forever.
 */
import { claimEcosystemProfileId, releaseEcosystemProfileId } from '../../domain/ecosystem/handlers';
import { isAbandonable, RENEW_AFTER_MS } from '../../domain/ecosystem/profile/decide';
import { profileClaimAggregate } from '../../domain/ecosystem/profile/state';
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import { ecosystemMessages as m } from '../../domain/ecosystem/messages';
import { ValidationError } from '../../domain/shared/errors';
import type { RequestContext } from '../context';
import { withFieldPrefix } from './support';

const INPUT = 'ecosystemInput';

/** True when the ecosystem does not have `profileId`: never created, or moved to another one. */
async function holderLacks(ctx: RequestContext, holder: string, profileId: string): Promise<boolean> {
  const ecosystem = await ctx.loadAggregate(ecosystemAggregate, holder);
  return ecosystem.status === 'none' || ecosystem.details.profileId !== profileId;
}

/**
 * Takes over a claim that is old and whose holder does not have the profile id; the claim decider
 * checks the age again under the claim stream's concurrency control. Rethrows `taken` otherwise.
 */
async function takeOverIfAbandoned(ctx: RequestContext, profileId: string, ecosystemId: string, taken: ValidationError): Promise<void> {
  const claim = await ctx.loadAggregate(profileClaimAggregate, profileId);
  const now = ctx.services.clock().toISOString();
  if (!isAbandonable(claim, now) || !(await holderLacks(ctx, claim.ecosystemId, profileId))) throw taken;
  console.warn(`[tenants] profile id ${profileId}: claim of ${claim.ecosystemId} (since ${claim.claimedAt}) was abandoned; ${ecosystemId} takes it over`);
  await withFieldPrefix(INPUT, () => ctx.execute(claimEcosystemProfileId, { profileId, ecosystemId, abandonedBy: claim.ecosystemId }, { ecosystemId }));
}

/**
 * Makes sure `ecosystemId` holds a fresh claim on `profileId` right now. A replayed claim (a
 * repeated request) answers the log as it was, so the current holder is read again; a claim older
 * than RENEW_AFTER_MS is renewed, so that it cannot be taken over as abandoned while in use.
 */
async function ensureFreshClaim(ctx: RequestContext, profileId: string, ecosystemId: string, taken: () => ValidationError): Promise<void> {
  const claim = await ctx.loadAggregate(profileClaimAggregate, profileId);
  if (claim.status !== 'claimed' || claim.ecosystemId !== ecosystemId) throw taken();
  if (Date.parse(ctx.services.clock().toISOString()) - Date.parse(claim.claimedAt) <= RENEW_AFTER_MS) return;
  // A command id of its own: a renewal must be decided now, never answered from an earlier request.
  await ctx.execute(claimEcosystemProfileId, { profileId, ecosystemId }, { ecosystemId, commandId: crypto.randomUUID() });
}

/** Claims `profileId` for `ecosystemId`; BAD_USER_INPUT on ecosystemInput.profileId when another ecosystem has it. */
export async function claimProfileId(ctx: RequestContext, profileId: string, ecosystemId: string): Promise<void> {
  let taken: ValidationError | null = null;
  try {
    await withFieldPrefix(INPUT, () => ctx.execute(claimEcosystemProfileId, { profileId, ecosystemId }, { ecosystemId }));
  } catch (err) {
    if (!(err instanceof ValidationError) || !err.fields[`${INPUT}.profileId`]) throw err;
    taken = err;
    await takeOverIfAbandoned(ctx, profileId, ecosystemId, err);
  }
  await ensureFreshClaim(ctx, profileId, ecosystemId, () => taken ?? ValidationError.forField(`${INPUT}.profileId`, m.profileIdTaken({ profileId })));
}

/** Undoes a claim after the command it was for failed; the original failure is what the caller sees. */
export async function releaseAfterFailure(ctx: RequestContext, profileId: string, ecosystemId: string): Promise<void> {
  await ctx.execute(releaseEcosystemProfileId, { profileId, ecosystemId }, { ecosystemId })
    .catch((err: unknown) => console.error(`[tenants] could not release profile id ${profileId} of ${ecosystemId}`, err));
}
