/**
 * In whose name a mailed link speaks (docs/decisions/0042): the ecosystem whose own pages asked for
 * it when the account belongs to that ecosystem (a role, or an application), else the one ecosystem
 * the account belongs to, else the platform. Decided in the background, after the answer, so the
 * answer stays the same whether or not the address has an account; an ecosystem the account has
 * nothing to do with never lends its name to a mail (nobody can dress a link in another's name).
 */
import type { BrandInput } from '../../../domain/message/templates';
import { ecosystemAggregate } from '../../../domain/ecosystem/state';
import { hasAppliedTo, loadAccount } from '../../../projections/users';
import type { OneTimeLinks } from './links';

export interface LinkSender {
  ecosystemId: string | null;
  brand: BrandInput;
}

const PLATFORM: LinkSender = { ecosystemId: null, brand: {} };

export async function linkSenderOf(links: OneTimeLinks, userId: string, requested: string | null): Promise<LinkSender> {
  const { apiPool, bus } = links.deps;
  const account = await loadAccount(apiPool, userId);
  if (!account) return PLATFORM;
  const own = [...new Set(account.roles.map((r) => r.ecosystemId))];
  const fits = requested !== null && (own.includes(requested) || await hasAppliedTo(apiPool, userId, requested));
  const chosen = fits ? requested : own.length === 1 ? own[0] : null;
  if (!chosen) return PLATFORM;
  const state = await bus.load(ecosystemAggregate, chosen);
  if (state.status !== 'active') return PLATFORM;
  const { name, tutorTerm, tuteeTerm, moduleTerm } = state.details;
  return { ecosystemId: chosen, brand: { ecosystemName: name, tutorTerm, tuteeTerm, moduleTerm } };
}
