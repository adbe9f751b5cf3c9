/**
 * The ecosystem's sign-up settings (customSignupConfig and the landing switches), read from its
 * aggregate: sign-up happens before log-in, when no tenant is in scope, and the settings decide
 * what the new account becomes, so they are read where they are decided, never from a lagging view.
 */
import type { ApplicantType } from '../../domain/application/events';
import type { EcosystemDetails } from '../../domain/ecosystem/config';
import { publicUrl as configPublicUrl } from '../../infra/config';
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import { NotFoundError } from '../../domain/shared/errors';
import { getEcosystemProfile } from '../../projections/tenants/queries';
import type { RequestContext } from '../context';
import { signupApiMessages } from './messages';

export type SignupFlowConfig = EcosystemDetails['customSignupConfig']['tutor'];

export interface SignupEcosystem {
  ecosystemId: string;
  details: EcosystemDetails;
}

/** The version of the platform's waiver (web/src/pages/signup/waiver): accepting records it. */
export const WAIVER_VERSION = '2026-11-24';

/** The unarchived ecosystem at a profile id; NOT_FOUND otherwise. */
export async function signupEcosystem(ctx: RequestContext, profileId: string): Promise<SignupEcosystem> {
  const profile = await ctx.read((c) => getEcosystemProfile(c, profileId.trim().toLowerCase()));
  if (!profile || profile.archived) throw new NotFoundError(signupApiMessages.ecosystemNotFound);
  return ecosystemById(ctx, profile.ecosystemId);
}

export async function ecosystemById(ctx: RequestContext, ecosystemId: string): Promise<SignupEcosystem> {
  const state = await ctx.loadAggregate(ecosystemAggregate, ecosystemId);
  if (state.status !== 'active') throw new NotFoundError(signupApiMessages.ecosystemNotFound);
  return { ecosystemId, details: state.details };
}

/** Students follow the parents' settings; they may sign up only where the landing allows it. */
export function flowFor(details: EcosystemDetails, type: ApplicantType): SignupFlowConfig & { open: boolean } {
  const { tutor, parent } = details.customSignupConfig;
  if (type === 'TUTOR') return { ...tutor, open: tutor.enabled };
  if (type === 'PARENT') return { ...parent, open: parent.enabled };
  return { ...parent, open: details.landing.studentSignupEnabled };
}

export function signupFlowView(flow: SignupFlowConfig) {
  return {
    enabled: flow.enabled,
    emailVerificationEnabled: flow.emailVerificationEnabled,
    approvalProcessEnabled: flow.approvalProcessEnabled,
    backgroundCheckEnabled: flow.backgroundCheckEnabled,
    backgroundCheckType: flow.backgroundCheckConfig.checkType,
    backgroundCheckURL: flow.backgroundCheckConfig.externalURL,
  };
}

/** The ecosystem's name and terms for messages about it. */
export function brandOf(details: EcosystemDetails) {
  return { ecosystemName: details.name, tutorTerm: details.tutorTerm, tuteeTerm: details.tuteeTerm };
}

/** Links in messages are built from PUBLIC_URL, never from a request's Host header. */
export function publicUrl(ctx: RequestContext, path: string): string {
  return configPublicUrl(ctx.services.config, path);
}
