/**
 * The district an ecosystem expects a school-system provider to vouch for: its `ssoDistrictIds`
 * setting (spec section 3). Read in a transaction scoped to that one ecosystem.
 */
import type { Pool } from 'pg';
import { DISTRICT_SETTING, type SsoProvider } from '../../domain/sso/providers';
import { withTenantScope } from '../../projections/scope';

export async function districtIdOf(pool: Pool, ecosystemId: string, provider: SsoProvider): Promise<string | null> {
  const setting = DISTRICT_SETTING[provider];
  if (!setting) return null;
  const r = await withTenantScope(pool, { platformAdmin: false, ecosystemIds: [ecosystemId] }, (client) =>
    client.query<{ district: string | null }>(`SELECT details->'ssoDistrictIds'->>$2 AS district FROM read.ecosystems WHERE id = $1`, [ecosystemId, setting]));
  return r.rows[0]?.district ?? null;
}
