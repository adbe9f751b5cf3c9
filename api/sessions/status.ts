/**
 * The clock-dependent parts of a session (docs/decisions/0056-session-reads-and-permissions.md):
 * its status and how it went, derived when read from the stored row and `now`, never stored.
 */
import type { SessionStatus } from '../../domain/session/model';

export type CompletionStatus = 'HELD' | 'TUTEE_NO_SHOW' | 'TUTOR_NO_SHOW' | 'NO_SHOW';

/** How long after its end a session counts as RECENTLY_COMPLETED. */
export const RECENT_MS = 24 * 60 * 60 * 1000;

export interface StatusFacts {
  cancelled: boolean;
  pending: boolean;
  endAt: Date;
}

/** CANCELLED and PENDING as stored; otherwise UPCOMING until the end, RECENTLY_COMPLETED for 24 hours, then COMPLETED. */
export function sessionStatus(s: StatusFacts, now: Date): SessionStatus {
  if (s.cancelled) return 'CANCELLED';
  const sinceEnd = now.getTime() - s.endAt.getTime();
  if (s.pending && sinceEnd < 0) return 'PENDING';
  if (sinceEnd < 0) return 'UPCOMING';
  return sinceEnd < RECENT_MS ? 'RECENTLY_COMPLETED' : 'COMPLETED';
}

export interface AttendanceFacts {
  isLeader: boolean;
  joinedTime: Date | null;
  /** A leader's own check-in (decision 0066) counts as a join. */
  checkedInTime?: Date | null;
}

/** When the person was first there: joined online or checked in, whichever came first. */
function arrived(p: AttendanceFacts): number | null {
  const times = [p.joinedTime, p.checkedInTime ?? null].filter((t): t is Date => t !== null).map((t) => t.getTime());
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * Known once the session has ended (null before, and for cancelled sessions). A person showed up
 * when they joined no later than `graceMinutes` after the start; then HELD (a leader and a learner
 * showed), TUTEE_NO_SHOW (only leaders), TUTOR_NO_SHOW (only learners) or NO_SHOW (no one).
 */
export function completionStatus(s: StatusFacts & { startAt: Date }, people: readonly AttendanceFacts[], graceMinutes: number, now: Date): CompletionStatus | null {
  if (s.cancelled || now.getTime() < s.endAt.getTime()) return null;
  const deadline = s.startAt.getTime() + graceMinutes * 60_000;
  const showed = (leader: boolean) => people.some((p) => { const t = arrived(p); return p.isLeader === leader && t !== null && t <= deadline; });
  const leader = showed(true);
  const learner = showed(false);
  if (leader && learner) return 'HELD';
  if (leader) return 'TUTEE_NO_SHOW';
  return learner ? 'TUTOR_NO_SHOW' : 'NO_SHOW';
}
