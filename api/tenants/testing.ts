/** Shared by the tenants API tests: field selections, answer types and error helpers. */
import type { GraphQLResponse } from '../../tests/setup/api';

export const ECOSYSTEM = `id rawId name shortName profileId type organizationType city archived isDemoEcosystem tutorTerm tuteeTerm moduleTerm
  supportedLanguages sessionSettings { sessionDurations sessionInterval } header { tuteeInboxEnabled }`;

export const PROGRAM = `id rawId ecosystemId name shortName archived isGlobal isDemo tutoringRequestType showFiloButton
  subBoard { enabled visibleToTutors } ecosystem { id name }`;

export interface EcosystemData {
  id: string;
  rawId: string;
  name: string;
  shortName: string;
  profileId: string;
  tutorTerm: string;
  archived: boolean;
  sessionSettings: { sessionDurations: number[]; sessionInterval: number };
}

export interface ProgramData {
  id: string;
  rawId: string;
  ecosystemId: string;
  name: string;
  archived: boolean;
  showFiloButton: boolean;
  ecosystem: { id: string; name: string } | null;
}

export function codeOf(res: GraphQLResponse): string | undefined {
  return res.errors?.[0]?.extensions?.code;
}

/** The per-field messages of a BAD_USER_INPUT answer, as { field: message }. */
export function fieldsOf(res: GraphQLResponse): Record<string, string> {
  return Object.fromEntries((res.errors?.[0]?.extensions?.fields ?? []).map((f) => [f.field, f.message]));
}
