/**
 * The applicant's own application: read, autosave of the draft, waiver, submission. The applicant
 * may hold no role in force yet (APPLIED), so no tenant is in scope for them: their application is
 * read from its stream (never stale, and only ever their own id), not from the read model.
 */
import { acceptWaiver, saveApplicationDraft, submitApplication } from '../../domain/application/handlers';
import { applicationAggregate, applicationIdOf } from '../../domain/application/state';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { applicationMessages } from '../../domain/application/messages';
import { loadAccount } from '../../projections/users';
import type { ApplicationDraftInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { idOf } from '../relay';
import { WAIVER_VERSION } from './options';
import { emailVerified } from './verification';
import { viewOfState, type ApplicationView } from './view';
import { z } from 'zod';
import { commonMessages } from '../../domain/shared/messages';
import { signupApiMessages } from './messages';

const uuid = z.uuid();

export function ecosystemIdArg(value: string, field = 'ecosystemId'): string {
  // A global id of another type names no ecosystem, even with an ecosystem's uuid inside.
  const id = idOf('Ecosystem', value);
  if (!uuid.safeParse(id).success) throw ValidationError.forField(field, commonMessages.invalidId({ label: signupApiMessages.ecosystemLabel }));
  return id;
}

async function own(ctx: RequestContext, viewer: Viewer, ecosystemId: string): Promise<ApplicationView | null> {
  const state = await ctx.loadAggregate(applicationAggregate, applicationIdOf(ecosystemId, viewer.userId));
  if (state.status === 'NONE') return null;
  const account = await ctx.read((c) => loadAccount(c, viewer.userId));
  return viewOfState(state, { email: viewer.email, firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' });
}

export async function myApplication(ctx: RequestContext, ecosystemArg: string): Promise<ApplicationView | null> {
  return own(ctx, requireViewer(ctx), ecosystemIdArg(ecosystemArg));
}

async function ownAfter(ctx: RequestContext, viewer: Viewer, ecosystemId: string): Promise<ApplicationView> {
  const view = await own(ctx, viewer, ecosystemId);
  if (!view) throw new NotFoundError(applicationMessages.notFound);
  return view;
}

/** Field errors of the command (`changes.x`) are reported at the argument (`draft.x`). */
async function asDraftFields<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const rename = (k: string) => (k.startsWith('changes.') ? `draft.${k.slice('changes.'.length)}` : k === 'changes' ? 'draft' : k);
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [rename(k), v])));
  }
}

export async function saveDraftMutation(ctx: RequestContext, ecosystemArg: string, draft: ApplicationDraftInput): Promise<ApplicationView> {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(ecosystemArg);
  const changes = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined));
  await asDraftFields(() => ctx.execute(saveApplicationDraft, { applicationId: applicationIdOf(ecosystemId, viewer.userId), changes }, { ecosystemId }));
  return ownAfter(ctx, viewer, ecosystemId);
}

export async function submitMutation(ctx: RequestContext, ecosystemArg: string): Promise<ApplicationView> {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(ecosystemArg);
  await ctx.execute(submitApplication, { applicationId: applicationIdOf(ecosystemId, viewer.userId), emailVerified: await emailVerified(ctx, viewer.userId) }, { ecosystemId });
  return ownAfter(ctx, viewer, ecosystemId);
}

export async function acceptWaiverMutation(ctx: RequestContext, ecosystemArg: string, version: string): Promise<ApplicationView> {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(ecosystemArg);
  await ctx.execute(acceptWaiver, { applicationId: applicationIdOf(ecosystemId, viewer.userId), version, current: WAIVER_VERSION }, { ecosystemId });
  return ownAfter(ctx, viewer, ecosystemId);
}
