/**
 * The platform-wide ecosystem defaults: one singleton aggregate (stream
 * `platformconfig-00000000-0000-0000-0000-000000000000`) holding the configuration a new ecosystem
 * starts from. Platform admins change it with updatePlatformEcosystemConfig. Defaults are copied
 * into an ecosystem when it is created: changing them later never rewrites an existing tenant,
 * whose own events hold its full configuration.
 */
import { z } from 'zod';
import type { DomainEvent } from '../../shared/decider';
import { ecosystemConfigSchema, type EcosystemConfig } from '../config';
import { isPlainObject, type DeepPartial } from '../patch';

export const PLATFORM_CONFIG_ID = '00000000-0000-0000-0000-000000000000';

export type PlatformConfigChanges = DeepPartial<EcosystemConfig>;

export const platformConfigEventSchemas = {
  /** `defaults` is the whole configuration now in force; `changes` what this update changed. */
  PlatformEcosystemConfigUpdated: z.object({
    defaults: ecosystemConfigSchema,
    changes: z.custom<PlatformConfigChanges>(isPlainObject),
  }),
};

export type PlatformEcosystemConfigUpdated = DomainEvent<'PlatformEcosystemConfigUpdated', z.output<typeof platformConfigEventSchemas.PlatformEcosystemConfigUpdated>>;
export type PlatformConfigEvent = PlatformEcosystemConfigUpdated;
