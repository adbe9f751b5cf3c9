/**
 * A stand-in for the sessions API in the browser tests of the sessions pages, until the real one is
 * served: it answers the pages' persisted sessions operations (lists, drop-ins, availability,
 * conflicts, people to choose, book, change, cancel, drop, take a seat, join; a restore it refuses) from a list of sessions it keeps, and lets every
 * other request through to the real server. It records what the page sent, so a test can check it.
 * Occurrences of a booking are expanded here with luxon in the booking's zone: a weekly series keeps
 * its wall-clock time across a clock change, as the real domain does (decision 0055).
 */
import { DateTime } from 'luxon';
import type { Page, Route } from 'playwright-core';
import { persistedId } from './app';

type Json = Record<string, unknown>;

export interface StandInSession {
  id: string; subject: string; sessionType: string; startAt: string; endAt: string; timeZoneId: string;
  seriesId: string; recurring: boolean; cancelled: boolean; maxStudents: number | null;
  participants: { userId: string; name: [string, string]; isLeader: boolean; joinedTime?: string }[];
  viewerIsParticipant: boolean;
}

export interface SessionsStandIn {
  sessions: StandInSession[];
  /** The signed-in viewer's id, from the real viewer query. */
  viewerId: string;
  /** Each operation's variables, in the order the page sent them. */
  sent: { operation: string; variables: Json }[];
}

const TUTOR = { userId: 'VXNlcjp0dXRvcg==', name: ['Tina', 'Tutor'] as [string, string], isLeader: true };
export const TUTEES = [
  { userId: 'VXNlcjpsZWU=', name: ['Lee', 'Learner'] as [string, string] },
  { userId: 'VXNlcjptYXg=', name: ['Max', 'Pupil'] as [string, string] },
];

function toJson(s: StandInSession): Json {
  const start = DateTime.fromISO(s.startAt).setZone(s.timeZoneId);
  const end = DateTime.fromISO(s.endAt).setZone(s.timeZoneId);
  const learners = s.participants.filter((p) => !p.isLeader).length;
  return {
    id: s.id, rawId: s.id, seriesId: s.seriesId, recurringSessionId: s.recurring ? s.seriesId : null, programId: 'UHJvZ3JhbTpw', subject: s.subject,
    status: s.cancelled ? 'CANCELLED' : 'UPCOMING', sessionType: s.sessionType, date: start.toISODate(), startTime: start.toFormat('HH:mm'), endTime: end.toFormat('HH:mm'),
    timeZoneId: s.timeZoneId, startAt: s.startAt, endAt: s.endAt, durationMinutes: end.diff(start, 'minutes').minutes, meetingSolution: 'LESSONSPACE',
    isInPerson: false, joinUrl: 'https://rooms.example.org/r/' + s.id, physicalSessionOptions: null, maxStudents: s.maxStudents, numLearners: learners,
    fullness: s.maxStudents !== null && learners >= s.maxStudents ? 'FULL' : 'OPEN', frequency: s.recurring ? 'WEEKLY' : null, cancelReason: null,
    sessionDescription: '', recurringDays: s.recurring ? [start.weekday % 7] : [], weeksRecurring: s.recurring ? 3 : null, weeksRepeat: s.recurring ? 1 : null, recurringEndDate: null,
    participants: s.participants.map((p) => ({ userId: p.userId, userType: p.isLeader ? 'TUTOR' : 'STUDENT', isLeader: p.isLeader, joinedTime: p.joinedTime ?? null,
      user: { id: p.userId, profile: { firstName: p.name[0], lastName: p.name[1], preferredName: null } },
      checkedInTime: null, checkedOutTime: null })),
    viewerCanEdit: true, viewerCanCancel: true, viewerIsParticipant: s.viewerIsParticipant,
    viewerCanCheckIn: false,
  };
}

function list(state: SessionsStandIn, input: Json): Json {
  const now = DateTime.now();
  const status = (input.status as string | undefined) ?? 'UPCOMING';
  const from = input.from ? DateTime.fromISO(input.from as string) : null;
  const to = input.to ? DateTime.fromISO(input.to as string) : null;
  const found = state.sessions.filter((s) => {
    const start = DateTime.fromISO(s.startAt);
    const ended = DateTime.fromISO(s.endAt) <= now;
    const mine = s.sessionType !== 'DROP_IN' || s.viewerIsParticipant;
    const wanted = mine && (status === 'CANCELLED' ? s.cancelled : !s.cancelled && (status === 'COMPLETED' ? ended : !ended));
    return wanted && (!from || start >= from) && (!to || start < to);
  }).sort((a, b) => (status === 'COMPLETED' ? b.startAt.localeCompare(a.startAt) : a.startAt.localeCompare(b.startAt)));
  const size = (input.pageSize as number | undefined) ?? 10;
  const page = (input.pageNumber as number | undefined) ?? 1;
  return { getSessionsForUserV2: { sessions: found.slice((page - 1) * size, page * size).map((s) => toJson(s)), hasMore: found.length > page * size, pageNumber: page } };
}

/** Every occurrence of a booking: weekly on its days for weeksRecurring weeks, in its zone's wall time. */
export function occurrences(input: Json): { startAt: string; endAt: string }[] {
  const zone = input.timeZoneId as string;
  const first = DateTime.fromISO(`${input.date as string}T${input.startTime as string}`, { zone });
  const minutes = DateTime.fromISO(`2000-01-01T${input.endTime as string}`).diff(DateTime.fromISO(`2000-01-01T${input.startTime as string}`), 'minutes').minutes;
  const recurrence = input.recurrence as { recurringDays?: number[]; weeksRecurring?: number } | null;
  const days = recurrence?.recurringDays ?? [first.weekday % 7];
  const starts: DateTime[] = [];
  for (let week = 0; week < (recurrence ? recurrence.weeksRecurring ?? 1 : 1); week += 1) {
    const sunday = first.minus({ days: first.weekday % 7 }).plus({ weeks: week });
    for (const day of days) {
      const start = sunday.plus({ days: day });
      if (start >= first) starts.push(start);
    }
  }
  return starts.map((s) => ({ startAt: s.toUTC().toISO() ?? '', endAt: s.plus({ minutes }).toUTC().toISO() ?? '' }));
}

function book(state: SessionsStandIn, input: Json): Json {
  const found = (conflicts(input).checkSessionConflicts as Json[]);
  if (found.length > 0 && !input.forceBook) return { createSession: { count: 0, session: null, conflicts: found } };
  const seriesId = `series-${state.sessions.length}`;
  const made = occurrences(input).map((o, i): StandInSession => ({
    id: `U2Vzc2lvbjo${state.sessions.length + i}`, subject: input.subject as string, sessionType: input.sessionType as string, ...o,
    timeZoneId: input.timeZoneId as string, seriesId, recurring: !!input.recurrence, cancelled: false, maxStudents: (input.maxStudents as number | null) ?? null,
    participants: [TUTOR, ...TUTEES.filter((t) => ((input.tuteeIds as string[] | null) ?? []).includes(t.userId)).map((t) => ({ ...t, isLeader: false }))],
    viewerIsParticipant: false,
  }));
  state.sessions.push(...made);
  return { createSession: { count: made.length, session: { id: made[0].id }, conflicts: found } };
}

function cancel(state: SessionsStandIn, input: Json): Json {
  const target = state.sessions.find((s) => s.id === input.sessionId);
  if (!target) throw new Error('no such session');
  const hit = state.sessions.filter((s) => s.seriesId === target.seriesId && (input.scope === 'ALL'
    || s.id === target.id || (input.scope === 'SINGLE_AND_FOLLOWING' && s.startAt >= target.startAt)));
  for (const s of hit) s.cancelled = true;
  return { cancelSessionV3: { count: hit.length, session: { id: target.id, status: 'CANCELLED', cancelReason: input.reason ?? null } } };
}

function drop(state: SessionsStandIn, input: Json): Json {
  const target = state.sessions.find((s) => s.id === input.sessionId);
  if (!target) throw new Error('no such session');
  target.participants = target.participants.filter((p) => p.userId !== input.userId);
  const learners = target.participants.filter((p) => !p.isLeader).length;
  return { dropSession: { count: 1, session: { id: target.id, numLearners: learners, fullness: 'OPEN' } } };
}

/** Changes the subject or the wall-clock times of the occurrences the scope names, each on its own day (with checkOnly: nothing). */
function edit(state: SessionsStandIn, input: Json): Json {
  const target = state.sessions.find((s) => s.id === input.sessionId);
  if (!target) throw new Error('no such session');
  const changes = input.changes as { subject?: string; startTime?: string; endTime?: string };
  const hit = state.sessions.filter((s) => !s.cancelled && s.seriesId === target.seriesId && (input.scope === 'ALL'
    || s.id === target.id || (input.scope === 'SINGLE_AND_FOLLOWING' && s.startAt >= target.startAt)));
  // The edit dialog's check before saving: the conflicts only, nothing changed.
  if (input.checkOnly) return { editSessionV3: { count: hit.length, session: null, conflicts: [] } };
  for (const s of hit) {
    const start = DateTime.fromISO(s.startAt).setZone(s.timeZoneId);
    const end = DateTime.fromISO(s.endAt).setZone(s.timeZoneId);
    const at = (time: string | undefined, was: DateTime) => (time ? DateTime.fromISO(`${start.toISODate()}T${time}`, { zone: s.timeZoneId }) : was);
    s.startAt = at(changes.startTime, start).toUTC().toISO() ?? s.startAt;
    s.endAt = at(changes.endTime, end).toUTC().toISO() ?? s.endAt;
    if (changes.subject) s.subject = changes.subject;
  }
  return { editSessionV3: { count: hit.length, session: { id: target.id, subject: target.subject, date: input.date ?? null, startTime: changes.startTime ?? null, endTime: changes.endTime ?? null, startAt: target.startAt, endAt: target.endAt }, conflicts: [] } };
}

function reserve(state: SessionsStandIn, input: Json): Json {
  const target = state.sessions.find((s) => s.id === input.sessionId);
  if (!target) throw new Error('no such session');
  target.viewerIsParticipant = true;
  target.participants.push({ userId: state.viewerId, name: ['Eli', 'Rivera'], isLeader: false });
  return { reserveSessionSeat: { count: 1, session: { id: target.id, numLearners: target.participants.filter((p) => !p.isLeader).length, fullness: 'OPEN', viewerIsParticipant: true } } };
}

/** The viewer joined: the time is the stand-in's clock, as the real server's. */
function join(state: SessionsStandIn, sessionId: string): Json {
  const target = state.sessions.find((s) => s.id === sessionId);
  const me = target?.participants.find((p) => p.userId === state.viewerId);
  if (!target || !me) throw new Error('not a participant');
  me.joinedTime = new Date().toISOString();
  return { trackJoinedOnlineLesson: toJson(target) };
}

/** Outside 15:00-18:00 (the stand-in tutor's free hours) a booking meets an AVAILABILITY conflict. */
function conflicts(input: Json): { checkSessionConflicts: Json[] } {
  const outside = (input.startTime as string) < '15:00' || (input.endTime as string) > '18:00';
  return { checkSessionConflicts: outside ? [{ type: 'AVAILABILITY', description: 'Tina Tutor is not available then', date: input.date, startAt: occurrences(input)[0]?.startAt,
    userId: TUTOR.userId, remainingMinutes: null, totalMinutes: null, dayAvailability: [{ startTime: '15:00', endTime: '18:00' }] }] : [] };
}

/** A refusal the stand-in answers as the server does: a GraphQL error with its message and code. */
class Refusal extends Error {}

/** Restoring is refused, as the server refuses what it may not restore: the page must show why. */
function restore(): Json {
  throw new Refusal('This session can no longer be restored.');
}

const person = (p: { userId: string; name: [string, string] }, programIds: string[]) => ({ node: { userId: p.userId, firstName: p.name[0], lastName: p.name[1], preferredName: null, programIds } });

type Handler = (state: SessionsStandIn, variables: Json, programIds: string[]) => Json;

const HANDLERS: Record<string, Handler> = {
  sessionOperationsListQuery: (state, v) => list(state, v.input as Json),
  sessionOperationsDropInQuery: (state) => ({ getUpcomingDropInSessions: state.sessions.filter((s) => s.sessionType === 'DROP_IN' && !s.cancelled).map(toJson) }),
  sessionOperationsAvailabilityQuery: (_s, v) => ({ getTutorAvailabilityForDay: { date: v.date, timeZoneId: v.timeZoneId, available: [{ startTime: '15:00', endTime: '18:00' }], busy: [] } }),
  sessionOperationsConflictsQuery: (_s, v) => conflicts(v.input as Json),
  peopleChoicesTuteesQuery: (_s, _v, programIds) => ({ getTuteesForEcosystem: { edges: TUTEES.map((t) => person(t, programIds)) } }),
  peopleChoicesTutorsQuery: (_s, _v, programIds) => ({ getUserRoster: { edges: [person(TUTOR, programIds)] } }),
  useCreateSessionMutation: (state, v) => book(state, v.input as Json),
  useCancelSessionMutation: (state, v) => cancel(state, v.input as Json),
  useDropSessionMutation: (state, v) => drop(state, v.input as Json),
  useEditSessionMutation: (state, v) => edit(state, v.input as Json),
  useReserveSeatMutation: (state, v) => reserve(state, v.input as Json),
  useTrackJoinMutation: (state, v) => join(state, v.sessionId as string),
  useRestoreSessionMutation: () => restore(),
};

/**
 * Serves the sessions operations on `page` from `sessions`; the viewer's zone becomes `zone` (their
 * profile's, as the real viewer query would answer for someone who chose it).
 */
export async function serveSessions(page: Page, sessions: StandInSession[], zone: string): Promise<SessionsStandIn> {
  const state: SessionsStandIn = { sessions, viewerId: '', sent: [] };
  const byId = new Map(Object.keys(HANDLERS).map((name) => [persistedId(name), name]));
  const viewerId = persistedId('SessionsPageViewerQuery');
  const ecosystemId = persistedId('SessionsPageEcosystemQuery');
  let programIds: string[] = [];
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { doc_id?: string; variables?: Json } | null;
    const operation = body?.doc_id ? byId.get(body.doc_id) : undefined;
    if (operation) {
      state.sent.push({ operation, variables: body?.variables ?? {} });
      try {
        return await route.fulfill({ json: { data: HANDLERS[operation](state, body?.variables ?? {}, programIds) } });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return route.fulfill({ json: { data: null, errors: [{ message: error.message, extensions: { code: 'BAD_USER_INPUT' } }] } });
      }
    }
    if (body?.doc_id !== viewerId && body?.doc_id !== ecosystemId) return route.continue();
    const response = await route.fetch();
    const json = await response.json() as { data?: { getCurrentUserV2?: { id: string; profile: { timeZoneId: string | null } }; getProgramsByEcosystemId?: { edges: { node: { id: string } }[] } } };
    if (json.data?.getCurrentUserV2) {
      json.data.getCurrentUserV2.profile.timeZoneId = zone;
      state.viewerId = json.data.getCurrentUserV2.id;
    }
    if (json.data?.getProgramsByEcosystemId) programIds = json.data.getProgramsByEcosystemId.edges.map((e) => e.node.id);
    return route.fulfill({ response, json });
  });
  return state;
}
