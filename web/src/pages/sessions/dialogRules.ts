/** The rules of the session dialogs, apart from their components so they can be tested alone. */
import { personName } from './names';
import type { Session } from './sessionOperations';

export interface Fields { subject: string; date: string; startTime: string; endTime: string }

export function changedFields(before: Fields, after: Fields): Partial<Fields> {
  const changes: Partial<Fields> = {};
  for (const key of ['subject', 'date', 'startTime', 'endTime'] as const) {
    const value = key === 'subject' ? after.subject.trim() : after[key];
    if (value !== before[key]) changes[key] = value;
  }
  return changes;
}

/** Who may leave: the viewer when they take part, and the learners when the viewer runs the session. */
export function dropChoices(session: Session, viewerId: string): { value: string; label: string }[] {
  const mayRemoveOthers = session.viewerCanEdit;
  return session.participants
    .filter((p) => p.userId === viewerId || (mayRemoveOthers && !p.isLeader))
    .map((p) => ({ value: p.userId, label: personName(p.user) ?? p.userId }));
}

