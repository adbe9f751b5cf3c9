/**
 * Who sees a session's recording (decision 0065): only a reader with a profile type in the
 * program's sessionRecordingsProfileTypes (platform admins as PlatformAdmin), and nobody while the
 * program has disableProgramRecordings. Seeing the session itself is checked before (policy.ts).
 */
import type { ProfileType } from '../ecosystem/groups/common';
import type { Principal } from '../shared/permissions';
import { profileTypesIn } from './policy';

export interface RecordingRules {
  sessionRecordingsProfileTypes: readonly ProfileType[];
  disableProgramRecordings: boolean;
}

export function canSeeRecording(p: Principal, s: { ecosystemId: string; programId: string }, rules: RecordingRules): boolean {
  if (rules.disableProgramRecordings) return false;
  const types: ProfileType[] = [...profileTypesIn(p, s.ecosystemId, s.programId), ...(p.platformAdmin ? ['PlatformAdmin' as const] : [])];
  return types.some((t) => rules.sessionRecordingsProfileTypes.includes(t));
}
