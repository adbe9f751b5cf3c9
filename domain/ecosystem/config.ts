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
import { fieldLabels as L } from './labels';
import { zodMessage as zm, type Message } from '../shared/i18n';
import { fieldMessages as f } from '../shared/messages';
import { ecosystemRules as r } from './messages';

export const NAME_MAX = 100;
export const SHORT_NAME_MAX = 20;
export const PROFILE_ID_MAX = 40;
/** "home" names the platform's own default view (spec section 2), so no ecosystem may take it. */
export const RESERVED_PROFILE_IDS = ['home', 'admin', 'api', 'graphql', 'internal-admin-panel'];

const PROFILE_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A logo or background: an uploaded file's path on this server or a web address. */
function imageSource(label: Message) {
  return optionalText(label, 2000).refine((v) => v === null || /^(\/|https?:\/\/)\S+$/i.test(v), {
    error: zm(r.imageNotAddressOrPath({ label })),
  });
}

export const profileIdSchema = z.string({ error: zm(f.required({ label: L.profileId })) })
  .min(2, { error: zm(f.tooShort({ label: L.profileId, min: 2 })) })
  .max(PROFILE_ID_MAX, { error: zm(f.tooLong({ label: L.profileId, max: PROFILE_ID_MAX })) })
  .regex(PROFILE_ID, { error: zm(r.profileIdPattern) })
  .refine((id) => !RESERVED_PROFILE_IDS.includes(id), { error: zm(r.profileIdReserved) });

const configShape = {
  tutorTerm: text(L.tutorTerm, 30).default('Leader'),
  tuteeTerm: text(L.tuteeTerm, 30).default('Learner'),
  moduleTerm: text(L.moduleTerm, 30).default('Module'),
  logoSource: imageSource(L.logo).default(null),
  backgroundSource: imageSource(L.backgroundImage).default(null),
  MFAEnabled: flag(L.multiFactorSignIn).default(false),
  adminContactInfo: adminContactInfoSchema,
  ssoDistrictIds: ssoDistrictIdsSchema,
  ...directorySchemaShape,
  customProperties: customPropertyList(L.customProperties).default([]),
  /** Internal key names of profile custom properties every member must fill in. */
  requiredUserProperties: z.array(z.string({ error: zm(r.requiredPropertyNotKey) }).max(64, { error: zm(r.requiredPropertyNotKey) })
    .superRefine(singleLineText(L.requiredProperty)), { error: zm(f.notList({ label: L.requiredProperties })) })
    .max(200, { error: zm(f.tooManyEntries({ label: L.requiredProperties, max: 200 })) }).default([]),
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
  name: text(L.name, NAME_MAX),
  shortName: text(L.shortName, SHORT_NAME_MAX),
  type: oneOf(L.ecosystemType, ECOSYSTEM_KINDS).default('ECOSYSTEM'),
  organizationType: oneOf(L.organisationType, ORGANIZATION_KINDS),
  profileId: profileIdSchema,
  city: optionalText(L.city, 80).default(null),
  state: optionalText(L.state, 40).default(null),
  isDemoEcosystem: flag(L.demoEcosystem).default(false),
};

/** Keys that identify one ecosystem and so have no platform-wide default. */
export const IDENTITY_KEYS = Object.keys(identityShape) as Array<keyof typeof identityShape>;

function requiredPropertiesExist(c: { customProperties: Array<{ internalKeyName: string; type: string }>; requiredUserProperties: string[] }, ctx: z.RefinementCtx) {
  const profileKeys = new Set(c.customProperties.filter((p) => p.type === 'PROFILE').map((p) => p.internalKeyName));
  c.requiredUserProperties.forEach((key, i) => {
    if (!profileKeys.has(key)) ctx.addIssue({ code: 'custom', path: ['requiredUserProperties', i], message: zm(r.requiredPropertyUnknown({ key })) });
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

/** The configuration's field names (every key of an ecosystem's value that is not identity). */
export const ECOSYSTEM_CONFIG_KEYS = Object.keys(configShape) as Array<keyof EcosystemConfig>;
