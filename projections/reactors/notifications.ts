/**
 * The notification pipeline (issue 9, docs/decisions/0072): on each session event, the booking
 * before and after it say what changed for whom (domain/message/notifications/sessions.ts); the
 * people's profiles, the learners' parents and the program's rules say who is told and by which
 * channels (decide.ts, pure); then one function per channel records the message. A message's
 * idempotency key is `notice/<event id>/<recipient>/<channel>`, so a replayed event records nothing
 * new (the message id derives from the key, and RecordMessage on an existing id decides nothing).
 * Delivery starts from the message-delivery reactor on MessageRecorded, which keeps decision
 * 0036's at-most-once delivery.
 */
import { applicationEventSchemas } from '../../domain/application/events';
import { applicationAggregate } from '../../domain/application/state';
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import type { MessageChannel } from '../../domain/message/events';
import { recordMessage } from '../../domain/message/handlers';
import { messageLanguageOf } from '../../domain/message/kinds';
import { decideNotices, type Notice, type Person, type SessionRule } from '../../domain/message/notifications/decide';
import { sessionChanges } from '../../domain/message/notifications/sessions';
import type { BrandInput } from '../../domain/message/templates';
import { postNotification } from '../../domain/notification/handlers';
import { programAggregate } from '../../domain/program/state';
import { sessionEventSchemas } from '../../domain/session/events';
import { occurrencesOf } from '../../domain/session/occurrences';
import { sessionAggregate, type SessionState } from '../../domain/session/state';
import type { RecordedEvent } from '../../domain/shared/events';
import { hasVariant } from '../../domain/user/settings/notifications';
import { userAggregate } from '../../domain/user/state';
import type { UnsubscribeClaim } from '../../infra/unsubscribe';
import { deterministicUuid } from '../../workflows/ids';
import { messageRecordOf } from '../../workflows/messages/send';
import { unsubscribePart } from '../../workflows/messages/unsubscribe';
import type { Reactor, ReactorContext } from './types';

/** Not 'notifications': that is the in-app read model's name (decision 0073), and waitFor takes both kinds of name. */
export const NOTIFICATIONS_REACTOR = 'notices';

export interface NotificationDeps {
  /** The parents and guardians linked to a learner in an ecosystem, with the channels they chose for that child. */
  parentsOf(childId: string, ecosystemId: string): Promise<Array<{ parentId: string; channels: Array<'EMAIL' | 'TEXT'> }>>;
  /** An absolute URL of a web app path (PUBLIC_URL). */
  publicUrl(path: string): string;
  /** The web app path of an unsubscribe token for this claim. */
  unsubscribePath(claim: UnsubscribeClaim): string;
}

async function personOf(ctx: ReactorContext, userId: string): Promise<Person | null> {
  const user = await ctx.stateAt(userAggregate, userId);
  if (user.status !== 'registered' || user.locked) return null;
  const digits = user.profile.phoneNumber;
  return {
    userId,
    name: `${user.preferredName?.trim() || user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: digits ? `+1${digits}` : null,
    language: messageLanguageOf(user.profile.languagePreference),
    timeZoneId: user.profile.timeZoneId,
    notificationPreference: user.profile.notificationPreference,
    parentNotificationPreference: hasVariant(user.roles, 'parentNotificationPreference') ? user.profile.parentNotificationPreference : null,
  };
}

/** Everything decideNotices needs about the people, the parents and the programs of the changes. */
async function noticesOf(event: RecordedEvent, ctx: ReactorContext, deps: NotificationDeps, before: SessionState, after: SessionState): Promise<{ notices: Notice[]; ecosystemId: string } | null> {
  if (after.status === 'none') return null;
  const split = event.type === 'SessionSegmentSplit' ? sessionEventSchemas.SessionSegmentSplit.parse(event.data) : null;
  const changes = sessionChanges(occurrencesOf(before), occurrencesOf(after), event.metadata.occurredAt, split);
  if (changes.length === 0) return null;
  const { ecosystemId } = after;
  const ids = new Set<string>();
  const parentsOf = new Map<string, Array<{ parentId: string; channels: Array<'EMAIL' | 'TEXT'> }>>();
  for (const change of changes) {
    if (change.otherUserId) ids.add(change.otherUserId);
    for (const p of change.people) {
      ids.add(p.userId);
      if (p.userType === 'STUDENT' && !parentsOf.has(p.userId)) {
        const parents = await deps.parentsOf(p.userId, ecosystemId);
        parentsOf.set(p.userId, parents);
        for (const link of parents) ids.add(link.parentId);
      }
    }
  }
  const people = new Map<string, Person>();
  for (const id of ids) {
    const person = await personOf(ctx, id);
    if (person) people.set(id, person);
  }
  const rules = new Map<string, { edited: SessionRule; cancelled: SessionRule }>();
  for (const programId of new Set(changes.map((c) => c.occurrence.programId))) {
    const program = await ctx.stateAt(programAggregate, programId);
    if ('details' in program) rules.set(programId, program.details.sessionNotifications);
  }
  return { notices: decideNotices({ changes, actorUserId: event.metadata.actor.userId, people, parentsOf, rules }), ecosystemId };
}

async function brandOf(ctx: ReactorContext, ecosystemId: string): Promise<BrandInput> {
  const ecosystem = await ctx.stateAt(ecosystemAggregate, ecosystemId);
  if (ecosystem.status === 'none') return {};
  const d = ecosystem.details;
  return { ecosystemName: d.name, tutorTerm: d.tutorTerm, tuteeTerm: d.tuteeTerm, moduleTerm: d.moduleTerm };
}

interface Sending {
  event: RecordedEvent;
  ctx: ReactorContext;
  deps: NotificationDeps;
  ecosystemId: string;
  brand: BrandInput;
  notice: Notice;
  person: Person;
}

/** The idempotency key of one notice's message on one channel: the same event, recipient and channel are the same message. */
export function noticeKey(eventId: string, recipientUserId: string, channel: MessageChannel): string {
  return `notice/${eventId}/${recipientUserId}/${channel}`;
}

async function record(s: Sending, channel: MessageChannel, to: string): Promise<void> {
  const key = noticeKey(s.event.id, s.notice.recipientUserId, channel);
  const unsubscribe = unsubscribePart(channel, (claim) => s.deps.publicUrl(s.deps.unsubscribePath(claim)),
    { userId: s.notice.recipientUserId, variant: s.notice.preference.variant, kind: s.notice.preference.kind });
  const input = messageRecordOf({
    ecosystemId: s.ecosystemId, channel, kind: s.notice.kind, language: s.person.language, to, recipientUserId: s.notice.recipientUserId,
    params: { ...s.notice.params, url: s.deps.publicUrl('/sessions'), unsubscribeUrl: unsubscribe.url }, brand: s.brand, idempotencyKey: key,
    ...unsubscribe.header,
  });
  await s.ctx.execute(recordMessage, input, key);
}

/** E-mail, with the link that turns this kind of e-mail off for the recipient. */
async function sendEmail(s: Sending): Promise<void> {
  if (s.person.email) await record(s, 'EMAIL', s.person.email);
}

async function sendText(s: Sending): Promise<void> {
  if (s.person.phone) await record(s, 'SMS', s.person.phone);
}

/** One sender per channel. */
const SENDERS: Record<MessageChannel, (s: Sending) => Promise<void>> = { EMAIL: sendEmail, SMS: sendText };

/**
 * The in-app notice (decision 0073's contract): the same notice, as kind and parameters that the
 * reader's app words in its own language; its id derives from the event and the recipient, so a
 * replay posts nothing twice. Posted for every notice that goes out by e-mail or text (the same decision).
 */
async function postInApp(s: Sending): Promise<void> {
  const key = `notice/${s.event.id}/${s.notice.recipientUserId}/INAPP`;
  await s.ctx.execute(postNotification, {
    notificationId: deterministicUuid(key), ecosystemId: s.ecosystemId, recipientUserId: s.notice.recipientUserId, kind: s.notice.kind,
    params: { ...s.notice.params }, link: '/sessions',
  }, key);
}

async function react(event: RecordedEvent, ctx: ReactorContext, deps: NotificationDeps): Promise<void> {
  const before = await ctx.stateBefore(sessionAggregate);
  const seriesId = event.streamId.slice('session-'.length);
  const after = await ctx.stateAt(sessionAggregate, seriesId);
  const decided = await noticesOf(event, ctx, deps, before, after);
  if (!decided || decided.notices.length === 0) return;
  const brand = await brandOf(ctx, decided.ecosystemId);
  for (const notice of decided.notices) {
    const person = await personOf(ctx, notice.recipientUserId);
    if (!person) continue;
    const sending: Sending = { event, ctx, deps, ecosystemId: decided.ecosystemId, brand, notice, person };
    await postInApp(sending);
    for (const channel of notice.channels) await SENDERS[channel](sending);
  }
}

/**
 * ApplicationReviewed: the applicant hears the decision (approved, declined, changes asked for) by
 * e-mail, always: it answers their own request, so no preference holds it back and it has no
 * unsubscribe link. Not when they reviewed it themselves. The resolvers mail nothing for it.
 */
async function applicationReviewed(event: RecordedEvent, ctx: ReactorContext, deps: NotificationDeps): Promise<void> {
  const { applicationId, decision, note } = applicationEventSchemas.ApplicationReviewed.parse(event.data);
  const application = await ctx.stateAt(applicationAggregate, applicationId);
  if (application.status === 'NONE' || application.userId === event.metadata.actor.userId) return;
  const person = await personOf(ctx, application.userId);
  if (!person?.email) return;
  const ecosystem = await ctx.stateAt(ecosystemAggregate, application.ecosystemId);
  const profileId = ecosystem.status === 'none' ? null : ecosystem.details.profileId;
  const role = application.applicantType === 'TUTOR' ? 'tutor' as const : application.applicantType === 'STUDENT' ? 'tutee' as const : null;
  const key = noticeKey(event.id, application.userId, 'EMAIL');
  await ctx.execute(recordMessage, messageRecordOf({
    ecosystemId: application.ecosystemId, channel: 'EMAIL', kind: 'APPLICATION_REVIEWED', language: person.language, to: person.email,
    recipientUserId: application.userId, params: { decision, role, note, url: deps.publicUrl(profileId ? `/s/${encodeURIComponent(profileId)}/login` : '/login') },
    brand: await brandOf(ctx, application.ecosystemId), idempotencyKey: key,
  }), key);
}

/** The session events a person may hear about; the others (attendance, rooms, check-ins) tell no one. */
export const NOTIFIED_SESSION_EVENTS = [
  'SessionScheduled', 'SessionEdited', 'SessionSegmentEdited', 'SessionSegmentSplit', 'SessionsCancelled', 'SessionsRestored',
  'SessionParticipantDropped', 'SessionSeatReserved',
] as const;

export function notificationsReactor(deps: NotificationDeps): Reactor {
  return {
    name: NOTIFICATIONS_REACTOR,
    handlers: {
      ...Object.fromEntries(NOTIFIED_SESSION_EVENTS.map((type) => [type, (event: RecordedEvent, ctx: ReactorContext) => react(event, ctx, deps)])),
      ApplicationReviewed: (event, ctx) => applicationReviewed(event, ctx, deps),
    },
  };
}
