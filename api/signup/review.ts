/**
 * The admins' side (docs/decisions/0044): the review list, decisions and background checks, and
 * the reminder. Every check runs before the first command, on the application's current state
 * (the deciders are pure), so a refused update writes nothing.
 */
import { reviewApplication as decideReview, setBackgroundCheck as decideCheck } from '../../domain/application/decide';
import type { ApplicationEvent, BackgroundCheckStatus, ReviewDecision } from '../../domain/application/events';
import { reviewApplication, setBackgroundCheckStatus } from '../../domain/application/handlers';
import { applicationAggregate, evolve, type OpenApplication } from '../../domain/application/state';
import { messageLanguageOf } from '../../domain/message/kinds';
import { ForbiddenError, IllegalStateError, ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import { applicationPolicy, type ApplicationOperation } from '../../domain/user/policy/application';
import { changeRoleStatus, editProfile, grantEcosystemRole } from '../../domain/user/handlers';
import { userAggregate } from '../../domain/user/state';
import { APPLICATIONS_PROJECTION, findApplication, type ApplicationRow } from '../../projections/applications';
import { USERS_PROJECTION } from '../../projections/users';
import type { UpdateUserApplicationInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { anyIdOf, idOf } from '../relay';
import { reviewApplicationInput } from '../../domain/application/commands';
import { zodMessage } from '../../domain/shared/i18n';
import { z } from 'zod';
import { signupApiMessages } from './messages';
import { brandOf, ecosystemById, flowFor, publicUrl } from './options';
import { APPLICANT_ROLE } from './signup';
import { viewOfRow, type ApplicationView } from './view';
import { getProgramById } from '../../projections/tenants/queries';

const waitFor = [APPLICATIONS_PROJECTION, USERS_PROJECTION];
const uuid = z.uuid();

/**
 * The form of the fields, checked before the application is looked up: a malformed value answers
 * BAD_USER_INPUT whichever application it names (an unknown one would otherwise answer FORBIDDEN first).
 */
const reviewForm = z.object({
  input: z.object({
    programId: z.string().refine((v) => uuid.safeParse(idOf('Program', v)).success, { error: zodMessage(commonMessages.invalidId({ label: signupApiMessages.programLabel })) }).nullish(),
    note: reviewApplicationInput.shape.note,
  }),
});

/**
 * The application an admin acts on: FORBIDDEN alike for an id that does not exist and for one of
 * a tenant the admin cannot see, so that nobody learns which applications exist elsewhere.
 */
async function visible(ctx: RequestContext, idArg: string, op: ApplicationOperation): Promise<ApplicationRow> {
  const viewer = requireViewer(ctx);
  const id = anyIdOf(idArg);
  if (!uuid.safeParse(id).success) throw ValidationError.forField('applicationId', commonMessages.invalidId({ label: signupApiMessages.applicationLabel }));
  const row = await ctx.read((c) => findApplication(c, id));
  if (!row || !applicationPolicy(viewer, op, { ecosystemId: row.ecosystemId, userId: row.userId })) throw new ForbiddenError();
  return row;
}

async function payload(ctx: RequestContext, id: string): Promise<ApplicationView> {
  const row = await ctx.read((c) => findApplication(c, id));
  if (!row) throw new ForbiddenError();
  return viewOfRow(row);
}

/** Runs the deciders on the current state without writing, so that a refusal comes before any command. */
function precheck(app: OpenApplication, check: BackgroundCheckStatus | null, decision: ReviewDecision | null, note: string | null): void {
  let state: OpenApplication = app;
  const apply = (events: ApplicationEvent[]) => { for (const e of events) state = evolve(state, e) as OpenApplication; };
  if (check) apply(decideCheck({ applicationId: app.applicationId, status: check }, state));
  if (decision) apply(decideReview(reviewApplication.input.parse({ applicationId: app.applicationId, decision, note }), state));
}

async function checkProgram(ctx: RequestContext, row: ApplicationRow, input: UpdateUserApplicationInput): Promise<string | null> {
  if (!input.programId) return null;
  if (row.applicantType !== 'TUTOR' || input.decision !== 'APPROVED') throw ValidationError.forField('input.programId', signupApiMessages.programOnlyForTutors);
  const programId = idOf('Program', input.programId);
  const program = uuid.safeParse(programId).success ? await ctx.read((c) => getProgramById(c, programId)) : null;
  if (!program || program.ecosystemId !== row.ecosystemId) throw ValidationError.forField('input.programId', signupApiMessages.programNotInEcosystem);
  return programId;
}

export async function updateUserApplicationMutation(ctx: RequestContext, input: UpdateUserApplicationInput): Promise<ApplicationView> {
  reviewForm.parse({ input });
  const row = await visible(ctx, input.applicationId, input.decision ? 'review' : 'setBackgroundCheck');
  if (input.backgroundCheckStatus && !applicationPolicy(ctx.viewer, 'setBackgroundCheck', row)) throw new ForbiddenError();
  if (!input.decision && !input.backgroundCheckStatus) throw ValidationError.forField('input', signupApiMessages.nothingToUpdate);
  const programId = await checkProgram(ctx, row, input);
  const app = await ctx.loadAggregate(applicationAggregate, row.id);
  if (app.status === 'NONE') throw new ForbiddenError();
  try {
    precheck(app, input.backgroundCheckStatus ?? null, input.decision ?? null, input.note ?? null);
  } catch (err) {
    if (err instanceof ValidationError) throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`input.${k}`, v])));
    throw err;
  }
  const { ecosystemId, userId } = row;
  if (input.backgroundCheckStatus) {
    await ctx.execute(setBackgroundCheckStatus, { applicationId: row.id, status: input.backgroundCheckStatus }, { ecosystemId });
    await ctx.execute(editProfile, { userId, changes: { backgroundCheckStatus: input.backgroundCheckStatus } }, { ecosystemId, waitFor });
  }
  if (input.decision) await decide(ctx, row, input.decision, input.note ?? null, programId);
  return payload(ctx, row.id);
}

/** Records the review, then moves the person's role: approved -> ACTIVATED (and LEADER for a tutor), declined -> ARCHIVED. */
async function decide(ctx: RequestContext, row: ApplicationRow, decision: ReviewDecision, note: string | null, programId: string | null): Promise<void> {
  const { ecosystemId, userId } = row;
  await ctx.execute(reviewApplication, { applicationId: row.id, decision, note }, { ecosystemId, waitFor });
  if (decision === 'CHANGES_REQUESTED') return;
  const role = { userId, ecosystemId, role: APPLICANT_ROLE[row.applicantType], programId: null };
  const person = await ctx.loadAggregate(userAggregate, userId);
  const held = person.status === 'registered' ? person.roles.find((r) => r.ecosystemId === ecosystemId && r.role === role.role && r.programId === null) : undefined;
  const status = decision === 'APPROVED' ? 'ACTIVATED' : 'ARCHIVED';
  if (held && held.status !== status) await ctx.execute(changeRoleStatus, { ...role, status }, { ecosystemId, waitFor });
  if (decision === 'APPROVED' && programId) await ctx.execute(grantEcosystemRole, { userId, ecosystemId, role: 'LEADER', programId, status: null }, { ecosystemId, waitFor });
  await ctx.execute(editProfile, { userId, changes: { internalApprovalStatus: decision } }, { ecosystemId, waitFor });
}

const OPEN_CHECKS: ReadonlySet<BackgroundCheckStatus> = new Set(['NOT_STARTED', 'PENDING']);

export async function sendBackgroundCheckReminderMutation(ctx: RequestContext, applicationIdArg: string): Promise<ApplicationView> {
  const row = await visible(ctx, applicationIdArg, 'remind');
  if (!OPEN_CHECKS.has(row.backgroundCheckStatus)) throw new IllegalStateError(signupApiMessages.noOpenBackgroundCheck, 'BACKGROUND_CHECK');
  const ecosystem = await ecosystemById(ctx, row.ecosystemId);
  const flow = flowFor(ecosystem.details, row.applicantType);
  const person = await ctx.loadAggregate(userAggregate, row.userId);
  const language = person.status === 'registered' ? messageLanguageOf(person.profile.languagePreference) : 'en';
  await sendMessageFromRequest(ctx, {
    ecosystemId: row.ecosystemId, channel: 'EMAIL', kind: 'BACKGROUND_CHECK_REMINDER', language, to: row.email, recipientUserId: row.userId,
    params: { url: publicUrl(ctx, '/signup'), checkUrl: flow.backgroundCheckConfig.checkType === 'EXTERNAL_URL' ? flow.backgroundCheckConfig.externalURL : null },
    brand: brandOf(ecosystem.details), idempotencyKey: `background-check-reminder/${row.id}/${ctx.newId('reminder')}`,
  });
  return payload(ctx, row.id);
}
