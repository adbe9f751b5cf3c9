/**
 * Per-request batching of ecosystem and program lookups (api/loaders.ts), so a list of fifty
 * programs asking for their ecosystem costs one query, not fifty.
 */
import type DataLoader from 'dataloader';
import { getEcosystemsByIds, getProgramsByIds, type EcosystemRow, type ProgramRow } from '../../projections/tenants/queries';
import type { RequestContext } from '../context';
import { byId, loaderOf, type LoaderSpec } from '../loaders';

const ecosystemsById: LoaderSpec<string, EcosystemRow> = {
  name: 'ecosystemsById',
  fetch: async (client, ids) => byId(await getEcosystemsByIds(client, ids)),
};

const programsById: LoaderSpec<string, ProgramRow> = {
  name: 'programsById',
  fetch: async (client, ids) => byId(await getProgramsByIds(client, ids)),
};

interface TenantLoaders {
  ecosystems: DataLoader<string, EcosystemRow | null>;
  programs: DataLoader<string, ProgramRow | null>;
}

export function loaders(ctx: RequestContext): TenantLoaders {
  return { ecosystems: loaderOf(ctx, ecosystemsById), programs: loaderOf(ctx, programsById) };
}
