/** The rules of the session dialogs, apart from their components so they can be tested alone (the edit dialog's: editForm.ts). */
import { personName } from './names';
import type { Session } from './sessionOperations';

/** Who may leave: the viewer when they take part, and the learners when the viewer runs the session. */
export function dropChoices(session: Session, viewerId: string): { value: string; label: string }[] {
  const mayRemoveOthers = session.viewerCanEdit;
  return session.participants
    .filter((p) => p.userId === viewerId || (mayRemoveOthers && !p.isLeader))
    .map((p) => ({ value: p.userId, label: personName(p.user) ?? p.userId }));
}

