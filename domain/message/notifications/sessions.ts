/**
 * What a session event changed for whom (docs/decisions/0072), from the booking's occurrences
 * before and after the event: occurrences booked, moved, cancelled, back on, and people added to or
 * removed from them. Pure: the reactor folds the two states and passes them in. Only occurrences
 * that had not started when the event happened count; a recurring change is one notice about its
 * first occurrence, with the number of the others.
 */
import type { Occurrence, ParticipantType } from '../../session/model';
import type { SessionNoticeKind } from './decide';

export interface AffectedOccurrence {
  startAt: string;
  endAt: string;
  previousStartAt: string | null;
  timeZoneId: string;
  subject: string;
  programId: string;
  reason: string | null;
  seriesId: string;
  occurrenceId: string;
}

export interface SessionChange {
  kind: SessionNoticeKind;
  /** The first occurrence concerned and how many more. */
  occurrence: AffectedOccurrence;
  more: number;
  /** Who is told as a participant. */
  people: Array<{ userId: string; userType: ParticipantType }>;
  /** The person who joined or left (JOINED, LEFT), else null. */
  otherUserId: string | null;
}

type Pair = { before: Occurrence | null; after: Occurrence | null };

/** Before and after, matched by id; a "this and following" split matches the new segment's occurrences by their original date. */
function pairs(before: readonly Occurrence[], after: readonly Occurrence[], split: { segmentId: string; newSegmentId: string } | null): Pair[] {
  const byId = new Map(before.map((o) => [o.id, o]));
  const used = new Set<string>();
  const out: Pair[] = [];
  for (const a of after) {
    let b = byId.get(a.id) ?? null;
    if (!b && split && a.segmentId === split.newSegmentId) {
      b = before.find((o) => o.segmentId === split.segmentId && o.originalDate === a.originalDate && !used.has(o.id)) ?? null;
    }
    if (b) used.add(b.id);
    out.push({ before: b, after: a });
  }
  for (const b of before) if (!used.has(b.id)) out.push({ before: b, after: null });
  return out;
}

const live = (o: Occurrence | null): boolean => o !== null && !o.cancelled;

interface Hit { kind: SessionNoticeKind; occurrence: AffectedOccurrence; userId: string; userType: ParticipantType; otherUserId: string | null }

function affected(o: Occurrence, previous: Occurrence | null, reason: string | null): AffectedOccurrence {
  return {
    startAt: o.startAt, endAt: o.endAt, previousStartAt: previous ? previous.startAt : null, timeZoneId: o.timeZoneId, subject: o.details.subject,
    programId: o.details.programId, reason, seriesId: o.seriesId, occurrenceId: o.id,
  };
}

function hitsOf({ before, after }: Pair, from: number): Hit[] {
  const upcoming = (o: Occurrence | null) => o !== null && Date.parse(o.startAt) > from;
  if (!upcoming(before) && !upcoming(after)) return [];
  const hits: Hit[] = [];
  const tell = (kind: SessionNoticeKind, o: AffectedOccurrence, people: Occurrence['participants'], otherUserId: string | null = null) => {
    for (const p of people) hits.push({ kind, occurrence: o, userId: p.userId, userType: p.userType, otherUserId });
  };
  const [wasLive, isLive] = [live(before), live(after)];
  if (!wasLive && isLive && after) {
    tell(before ? 'SESSION_RESTORED' : 'SESSION_BOOKED', affected(after, null, null), after.participants);
    return hits;
  }
  if (wasLive && !isLive && before) {
    tell('SESSION_CANCELLED', affected(before, null, after ? after.cancelReason : null), before.participants);
    return hits;
  }
  if (!before || !after || !wasLive) return hits;
  const was = new Map(before.participants.map((p) => [p.userId, p]));
  const is = new Map(after.participants.map((p) => [p.userId, p]));
  const leaders = after.participants.filter((p) => p.isLeader);
  const added = after.participants.filter((p) => !was.has(p.userId));
  const removed = before.participants.filter((p) => !is.has(p.userId));
  const stayed = after.participants.filter((p) => was.has(p.userId));
  const moved = before.startAt !== after.startAt || before.endAt !== after.endAt;
  if (moved) tell('SESSION_MOVED', affected(after, before, null), stayed);
  tell('SESSION_BOOKED', affected(after, null, null), added);
  tell('SESSION_REMOVED', affected(before, null, null), removed);
  for (const p of added) if (!p.isLeader) tell('SESSION_PARTICIPANT_JOINED', affected(after, null, null), leaders.filter((l) => was.has(l.userId)), p.userId);
  for (const p of removed) if (!p.isLeader) tell('SESSION_PARTICIPANT_LEFT', affected(before, null, null), leaders, p.userId);
  return hits;
}

/**
 * The changes of one event. `occurredAt` (the event's instant) says which occurrences were still to
 * come, so a replay later decides the same; `split` names the segments of a SessionSegmentSplit.
 */
export function sessionChanges(
  before: readonly Occurrence[], after: readonly Occurrence[], occurredAt: string,
  split: { segmentId: string; newSegmentId: string } | null = null,
): SessionChange[] {
  const from = Date.parse(occurredAt);
  const groups = new Map<string, { hits: Hit[]; occurrences: Map<string, AffectedOccurrence> }>();
  type Group = { hits: Hit[]; occurrences: Map<string, AffectedOccurrence> };
  for (const pair of pairs(before, after, split)) {
    for (const hit of hitsOf(pair, from)) {
      const key = `${hit.kind}/${hit.otherUserId ?? ''}`;
      const group: Group = groups.get(key) ?? { hits: [], occurrences: new Map<string, AffectedOccurrence>() };
      group.hits.push(hit);
      group.occurrences.set(hit.occurrence.occurrenceId, hit.occurrence);
      groups.set(key, group);
    }
  }
  const changes: SessionChange[] = [];
  for (const { hits, occurrences } of groups.values()) {
    const sorted = [...occurrences.values()].sort((a, b) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0));
    const people = new Map<string, ParticipantType>();
    for (const h of hits) if (!people.has(h.userId)) people.set(h.userId, h.userType);
    changes.push({
      kind: hits[0].kind, occurrence: sorted[0], more: sorted.length - 1,
      people: [...people].map(([userId, userType]) => ({ userId, userType })), otherUserId: hits[0].otherUserId,
    });
  }
  // Removals and cancellations first: a person both removed and moved hears that they are out.
  const order: SessionNoticeKind[] = ['SESSION_CANCELLED', 'SESSION_REMOVED', 'SESSION_RESTORED', 'SESSION_BOOKED', 'SESSION_MOVED', 'SESSION_PARTICIPANT_JOINED', 'SESSION_PARTICIPANT_LEFT'];
  return changes.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
