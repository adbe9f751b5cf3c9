/**
 * The ecosystem as a value: its identity (name, kinds, profile id, place) and its configuration
 * groups (spec section 3). Every group is a zod-validated value object whose defaults are what a
 * new tenant expects, so `ecosystemConfigSchema.parse({})` is the built-in default configuration
 * and the platform-wide defaults (platform.ts) are a patch over it.
 *
 * Defaults worth knowing: terms Leader / Learner / Module; languages en and sp; session durations
 * 30, 45, 60 and 90 minutes (30 first, the spec's default length); start times on quarter hours;
 * booking up to 90 days ahead; payments, sign-up flows, banners and multi-factor sign-in off.
 */
import { z } from 'zod';
import { singleLineText } from '../shared/text';
import { flag, oneOf, optionalText, shortNameFrom, text } from './fields';
import { adminContactInfoSchema, customPropertyList, ECOSYSTEM_KINDS, headerConfigSchema, ORGANIZATION_KINDS, tutoringRequestTypeSchema } from './groups/common';
import { analyticsConfigSchema, directorySchemaShape, integrationsConfigSchema, scheduledSyncSchema, ssoDistrictIdsSchema } from './groups/directory';
import { paymentsConfigSchema } from './groups/payments';
import {
  courseSectionConfigSchema, customBannerConfigSchema, lessonspaceConfigSchema, ratingSettingsSchema, sessionLimitsSchema,
  sessionSettingsSchema, timeBufferConfigSchema,
} from './groups/sessions';
import { customSignupConfigSchema, ecosystemSearchConfigSchema, landingConfigSchema } from './groups/signup';

export const NAME_MAX = 100;
export const SHORT_NAME_MAX = 20;
export const PROFILE_ID_MAX = 40;
/** "home" names the platform's own default view (spec section 2), so no ecosystem may take it. */
export const RESERVED_PROFILE_IDS = ['home', 'admin', 'api', 'graphql', 'internal-admin-panel'];

const PROFILE_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A logo or background: an uploaded file's path on this server or a web address. */
function imageSource(label: string) {
  return optionalText(label, 2000).refine((v) => v === null || /^(\/|https?:\/\/)\S+$/i.test(v), {
    error: `${label} must be a web address or a path starting with /.`,
  });
}

export const profileIdSchema = z.string({ error: 'Profile id is required.' })
  .min(2, { error: 'Profile id must be at least 2 characters.' })
  .max(PROFILE_ID_MAX, { error: `Profile id must be at most ${PROFILE_ID_MAX} characters.` })
  .regex(PROFILE_ID, { error: 'Profile id may use only lowercase letters, digits and hyphens, and must start and end with a letter or digit.' })
  .refine((id) => !RESERVED_PROFILE_IDS.includes(id), { error: 'This profile id is reserved; please choose another.' });

const configShape = {
  tutorTerm: text('Tutor term', 30).default('Leader'),
  tuteeTerm: text('Tutee term', 30).default('Learner'),
  moduleTerm: text('Module term', 30).default('Module'),
  logoSource: imageSource('Logo').default(null),
  backgroundSource: imageSource('Background image').default(null),
  MFAEnabled: flag('Multi-factor sign-in').default(false),
  adminContactInfo: adminContactInfoSchema,
  ssoDistrictIds: ssoDistrictIdsSchema,
  ...directorySchemaShape,
  customProperties: customPropertyList('Custom properties').default([]),
  /** Internal key names of profile custom properties every member must fill in. */
  requiredUserProperties: z.array(z.string({ error: 'Required property must be a key name.' }).max(64, { error: 'Required property must be a key name.' })
    .superRefine(singleLineText('Required property')), { error: 'Required properties must be a list.' }).max(200).default([]),
  header: headerConfigSchema,
  search: ecosystemSearchConfigSchema,
  landing: landingConfigSchema,
  sessionSettings: sessionSettingsSchema,
  sessionLimits: sessionLimitsSchema,
  lessonspace: lessonspaceConfigSchema,
  payments: paymentsConfigSchema,
  customSignupConfig: customSignupConfigSchema,
  customBannerConfig: customBannerConfigSchema,
  timeBufferConfig: timeBufferConfigSchema,
  courseSectionConfig: courseSectionConfigSchema,
  ratingSettings: ratingSettingsSchema,
  tutoringRequestType: tutoringRequestTypeSchema.default('SESSION'),
  scheduledSync: scheduledSyncSchema,
  analytics: analyticsConfigSchema,
  integrations: integrationsConfigSchema,
};

const identityShape = {
  name: text('Name', NAME_MAX),
  shortName: text('Short name', SHORT_NAME_MAX),
  type: oneOf('Ecosystem type', ECOSYSTEM_KINDS).default('ECOSYSTEM'),
  organizationType: oneOf('Organisation type', ORGANIZATION_KINDS),
  profileId: profileIdSchema,
  city: optionalText('City', 80).default(null),
  state: optionalText('State', 40).default(null),
  isDemoEcosystem: flag('Demo ecosystem').default(false),
};

/** Keys that identify one ecosystem and so have no platform-wide default. */
export const IDENTITY_KEYS = Object.keys(identityShape) as Array<keyof typeof identityShape>;

function requiredPropertiesExist(c: { customProperties: Array<{ internalKeyName: string; type: string }>; requiredUserProperties: string[] }, ctx: z.RefinementCtx) {
  const profileKeys = new Set(c.customProperties.filter((p) => p.type === 'PROFILE').map((p) => p.internalKeyName));
  c.requiredUserProperties.forEach((key, i) => {
    if (!profileKeys.has(key)) ctx.addIssue({ code: 'custom', path: ['requiredUserProperties', i], message: `Required property "${key}" is not a profile custom property.` });
  });
}

export const ecosystemConfigSchema = z.object(configShape).superRefine(requiredPropertiesExist);

export type EcosystemConfig = z.output<typeof ecosystemConfigSchema>;

/** Lowercase, accents dropped, runs of other characters become one hyphen. */
export function slugify(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, PROFILE_ID_MAX).replace(/-+$/g, '');
}

/**
 * A new ecosystem may leave out its short name and profile id; both follow from its name. Only
 * creation derives them: an edit that clears one gets "is required", never a silent new value.
 */
export function withDerivedIdentity(input: Record<string, unknown>): Record<string, unknown> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) return input;
  const shortName = input.shortName ?? shortNameFrom(name, SHORT_NAME_MAX);
  const profileId = input.profileId ?? (typeof shortName === 'string' ? slugify(shortName) || undefined : undefined);
  return { ...input, shortName, profileId };
}

export const ecosystemDetailsSchema = z.object({ ...identityShape, ...configShape }).superRefine(requiredPropertiesExist);

export type EcosystemDetails = z.output<typeof ecosystemDetailsSchema>;

/** The configuration part of an ecosystem (identity keys dropped), e.g. to seed a migrated program. */
export function configOf(details: EcosystemDetails): EcosystemConfig {
  return ecosystemConfigSchema.parse(details);
}

export const DEFAULT_ECOSYSTEM_CONFIG: EcosystemConfig = ecosystemConfigSchema.parse({});
