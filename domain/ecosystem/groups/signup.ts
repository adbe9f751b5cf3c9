/**
 * What visitors see before they belong to the ecosystem: landing switches, custom sign-up flows
 * for tutors and parents, header and search switches. Defaults: the landing explains how it works,
 * self sign-up is off until an admin opens it, and custom sign-ups verify e-mail addresses.
 */
import { z } from 'zod';
import { flag, oneOf, optionalUrl } from '../fields';

/** MANUAL: admins record the result; EXTERNAL_URL: applicants are sent to a provider's page. */
export const BACKGROUND_CHECK_TYPES = ['MANUAL', 'EXTERNAL_URL'] as const;

function signupFlowSchema(who: 'Tutor' | 'Parent', approvalByDefault: boolean) {
  return z.object({
    enabled: flag(`${who} sign-up`).default(false),
    emailVerificationEnabled: flag(`${who} e-mail verification`).default(true),
    approvalProcessEnabled: flag(`${who} approval process`).default(approvalByDefault),
    backgroundCheckEnabled: flag(`${who} background check`).default(false),
    backgroundCheckConfig: z.object({
      checkType: oneOf('Background check type', BACKGROUND_CHECK_TYPES).default('MANUAL'),
      externalURL: optionalUrl('Background check address').default(null),
    }).prefault({}),
  }).prefault({}).superRefine((s, ctx) => {
    if (s.backgroundCheckEnabled && s.backgroundCheckConfig.checkType === 'EXTERNAL_URL' && s.backgroundCheckConfig.externalURL === null) {
      ctx.addIssue({ code: 'custom', path: ['backgroundCheckConfig', 'externalURL'], message: 'Background check address is required for an external background check.' });
    }
  });
}

export const customSignupConfigSchema = z.object({
  tutor: signupFlowSchema('Tutor', true),
  parent: signupFlowSchema('Parent', false),
}).prefault({});

export const landingConfigSchema = z.object({
  howItWorksEnabled: flag('How it works page').default(true),
  studentSignupEnabled: flag('Student sign-up').default(false),
  googleSSOEnabled: flag('Google sign-in').default(false),
  edLinkSSOEnabled: flag('Ed-Link sign-in').default(false),
}).prefault({});

export const ecosystemSearchConfigSchema = z.object({
  enabled: flag('Tutor search').default(true),
  localTutorsEnabled: flag('Local tutor search').default(true),
  onlineTutorsEnabled: flag('Online tutor search').default(true),
}).prefault({});
