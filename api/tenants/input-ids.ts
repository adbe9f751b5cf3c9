/**
 * Ids inside inputs must name things of the caller's tenant. The one id list in the tenant inputs
 * is `sessionSettings.tutorHoursLimitConfig.limits[].programIds`: each must be a program of the
 * ecosystem being configured (not another tenant's, not a made-up one). Only the ids the request
 * sends are checked: ones stored earlier were checked then, and a demo program deleted since must
 * not block every later edit of the ecosystem.
 *
 * Runs after the domain has checked the ids' form and before anything is written.
 */
import { ValidationError } from '../../domain/shared/errors';
import type { Message } from '../../domain/shared/i18n';
import { apiMessages } from '../i18n/messages';
import { getProgramsByIds } from '../../projections/tenants/queries';
import type { EcosystemInput } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { idOf } from '../relay';

interface ProgramRef {
  field: string;
  id: string;
}

function programRefs(input: EcosystemInput, prefix: string): ProgramRef[] {
  const limits = input.sessionSettings?.tutorHoursLimitConfig?.limits ?? [];
  const base = `${prefix}.sessionSettings.tutorHoursLimitConfig.limits`;
  return limits.flatMap((limit, i) => limit.programIds.map((raw, j) => ({ field: `${base}.${i}.programIds.${j}`, id: idOf('Program', raw).toLowerCase() })));
}

function refuse(refs: ProgramRef[], message: Message): never {
  throw ValidationError.forFields(Object.fromEntries(refs.map((r) => [r.field, message])));
}

/**
 * `ecosystemId` is the ecosystem the input configures; null for the platform-wide defaults, which
 * belong to no ecosystem and so can name no program; a new ecosystem has no programs yet.
 */
export async function checkProgramIds(ctx: RequestContext, ecosystemId: string | null, input: EcosystemInput, options: { prefix: string; isNew?: boolean }): Promise<void> {
  const refs = programRefs(input, options.prefix);
  if (refs.length === 0) return;
  if (ecosystemId === null) refuse(refs, apiMessages.noProgramsInDefaults);
  if (options.isNew) refuse(refs, apiMessages.programNotInEcosystem);
  // Row-level security hides other tenants' programs from an ecosystem admin; a platform admin sees
  // them all, hence the ecosystem comparison as well.
  const rows = await ctx.read((c) => getProgramsByIds(c, [...new Set(refs.map((r) => r.id))]));
  const ours = new Set(rows.filter((p) => p.ecosystemId === ecosystemId).map((p) => p.id));
  const foreign = refs.filter((r) => !ours.has(r.id));
  if (foreign.length) refuse(foreign, apiMessages.programNotInEcosystem);
}
