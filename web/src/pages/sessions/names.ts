/** How a person of a session is named on the pages: the preferred name, else the first, then the last. */
import type { Session } from './sessionOperations';

export function personName(user: Session['participants'][number]['user']): string | null {
  if (!user) return null;
  const { preferredName, firstName, lastName } = user.profile;
  return `${preferredName || firstName} ${lastName}`.trim();
}
