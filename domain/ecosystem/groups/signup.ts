/**
 * What visitors see before they belong to the ecosystem: landing switches, custom sign-up flows
 * for tutors and parents, header and search switches. Defaults: the landing explains how it works,
 * self sign-up is off until an admin opens it, and custom sign-ups verify e-mail addresses.
 */
import { z } from 'zod';
import { flag, oneOf, optionalUrl } from '../fields';
import { fieldLabels as L } from '../labels';
import { zodMessage as zm } from '../../shared/i18n';
import { ecosystemRules as r } from '../messages';

/** MANUAL: admins record the result; EXTERNAL_URL: applicants are sent to a provider's page. */
export const BACKGROUND_CHECK_TYPES = ['MANUAL', 'EXTERNAL_URL'] as const;

function signupFlowSchema(who: 'tutor' | 'parent', approvalByDefault: boolean) {
  return z.object({
    enabled: flag(L[`${who}SignUp`]).default(false),
    emailVerificationEnabled: flag(L[`${who}EmailVerification`]).default(true),
    approvalProcessEnabled: flag(L[`${who}ApprovalProcess`]).default(approvalByDefault),
    backgroundCheckEnabled: flag(L[`${who}BackgroundCheck`]).default(false),
    backgroundCheckConfig: z.object({
      checkType: oneOf(L.backgroundCheckType, BACKGROUND_CHECK_TYPES).default('MANUAL'),
      externalURL: optionalUrl(L.backgroundCheckAddress).default(null),
    }).prefault({}),
  }).prefault({}).superRefine((s, ctx) => {
    if (s.backgroundCheckEnabled && s.backgroundCheckConfig.checkType === 'EXTERNAL_URL' && s.backgroundCheckConfig.externalURL === null) {
      ctx.addIssue({ code: 'custom', path: ['backgroundCheckConfig', 'externalURL'], message: zm(r.backgroundCheckAddressRequired) });
    }
  });
}

export const customSignupConfigSchema = z.object({
  tutor: signupFlowSchema('tutor', true),
  parent: signupFlowSchema('parent', false),
}).prefault({});

export const landingConfigSchema = z.object({
  howItWorksEnabled: flag(L.howItWorksPage).default(true),
  studentSignupEnabled: flag(L.studentSignUp).default(false),
  googleSSOEnabled: flag(L.googleSignIn).default(false),
  edLinkSSOEnabled: flag(L.edLinkSignIn).default(false),
}).prefault({});

export const ecosystemSearchConfigSchema = z.object({
  enabled: flag(L.tutorSearch).default(true),
  localTutorsEnabled: flag(L.localTutorSearch).default(true),
  onlineTutorsEnabled: flag(L.onlineTutorSearch).default(true),
}).prefault({});
