/**
 * The session settings form of one program (decision 0070), apart from the page so it can be
 * unit-tested: the form's values as the program has them, and the editProgram input that sends only
 * what changed. Lists of choices are kept in one fixed order, so ticking a box off and on again is
 * no change. The server checks everything (domain/program/config.ts); the form only refuses a join
 * time that is not a whole number, as it cannot send one.
 */
export const PROFILE_TYPES = ['Admin', 'ProgramAdmin', 'Tutor', 'Teacher', 'Staff', 'Student', 'Parent', 'StudentOrParent'] as const;
export const SESSION_TYPES = ['ONE_ON_ONE', 'GROUP', 'DROP_IN', 'ONE_ON_ONE_BREAKOUT', 'COURSE', 'MODULE'] as const;
export const PARTICIPANT_TYPES = ['STUDENT', 'TUTOR', 'PARENT', 'TEACHER', 'STAFF', 'ADMIN'] as const;
export const CHANNELS = ['EMAIL', 'TEXT'] as const;
export const FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'BOOLEAN', 'SINGLE_SELECT', 'MULTI_SELECT'] as const;

export type ProfileType = (typeof PROFILE_TYPES)[number] | 'PlatformAdmin';
export type SessionType = (typeof SESSION_TYPES)[number];
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export type Channel = (typeof CHANNELS)[number];
export type FieldType = (typeof FIELD_TYPES)[number];

/** A custom session property being edited; options are one label a line (select fields only). */
export interface PropertyForm {
  /** The id the program has for it; null for one added here (the server then uses its key). */
  id: string | null;
  label: string;
  internalKeyName: string;
  description: string;
  fieldType: FieldType;
  required: boolean;
  options: string;
  /** The stored options, whose values stay with their labels when the list is edited. */
  storedOptions: ReadonlyArray<{ label: string; value: string; description?: string | null }>;
}

export interface Rule { recipientTypes: ParticipantType[]; notificationTypes: Channel[] }

export interface SettingsForm {
  sessionCapabilities: SessionType[];
  sessions: {
    sessionCreateProfileTypes: ProfileType[];
    sessionEditProfileTypes: ProfileType[];
    sessionCancelProfileTypes: ProfileType[];
    sessionRecordingsProfileTypes: ProfileType[];
    /** As typed. */
    sessionJoinMinutesPrior: string;
    zoomEnabled: boolean;
    tutorEditSessionParticipants: boolean;
    studentWeeklyReportToParents: boolean;
    customSessionProperties: PropertyForm[];
  };
  tutorSelfCheckInOut: boolean;
  tutorAddNonPairedUsers: boolean;
  multipleTutorsPerSession: boolean;
  disableProgramRecordings: boolean;
  lessonspace: { recordingEnabled: boolean; autoStartRecording: boolean };
  sessionNotifications: { edited: Rule; cancelled: Rule };
}

interface StoredProperty {
  readonly id: string;
  readonly label: string;
  readonly description?: string | null;
  readonly internalKeyName: string;
  readonly fieldType: string;
  readonly required: boolean;
  readonly options: ReadonlyArray<{ readonly label: string; readonly value: string; readonly description?: string | null }>;
}

interface StoredRule { readonly recipientTypes: readonly string[]; readonly notificationTypes: readonly string[] }

/** The program's settings as the page's query reads them. */
export interface StoredSettings {
  readonly sessionCapabilities: readonly string[];
  readonly sessions: {
    readonly sessionCreateProfileTypes: readonly string[];
    readonly sessionEditProfileTypes: readonly string[];
    readonly sessionCancelProfileTypes: readonly string[];
    readonly sessionRecordingsProfileTypes: readonly string[];
    readonly sessionJoinMinutesPrior: number;
    readonly zoomEnabled: boolean;
    readonly tutorEditSessionParticipants: boolean;
    readonly studentWeeklyReportToParents: boolean;
    readonly customSessionProperties: readonly StoredProperty[];
  };
  readonly tutorSelfCheckInOut: boolean;
  readonly tutorAddNonPairedUsers: boolean;
  readonly multipleTutorsPerSession: boolean;
  readonly disableProgramRecordings: boolean;
  readonly lessonspace: { readonly recordingEnabled: boolean; readonly autoStartRecording: boolean };
  readonly sessionNotifications: { readonly edited: StoredRule; readonly cancelled: StoredRule };
}

/** `values` in the order of `all` (values not in it keep their place at the end). */
export function ordered<T extends string>(all: readonly string[], values: readonly string[]): T[] {
  const rank = (v: string) => (all.includes(v) ? all.indexOf(v) : all.length);
  return [...new Set(values)].sort((a, b) => rank(a) - rank(b)) as T[];
}

export function propertyForm(p: StoredProperty): PropertyForm {
  return {
    id: p.id, label: p.label, internalKeyName: p.internalKeyName, description: p.description ?? '',
    fieldType: p.fieldType as FieldType, required: p.required,
    options: p.options.map((o) => o.label).join('\n'), storedOptions: p.options,
  };
}

export const emptyProperty = (): PropertyForm => ({
  id: null, label: '', internalKeyName: '', description: '', fieldType: 'TEXT', required: false, options: '', storedOptions: [],
});

const rule = (r: StoredRule): Rule => ({
  recipientTypes: ordered(PARTICIPANT_TYPES, r.recipientTypes), notificationTypes: ordered(CHANNELS, r.notificationTypes),
});

export function formOf(s: StoredSettings): SettingsForm {
  const p = (list: readonly string[]) => ordered<ProfileType>(PROFILE_TYPES, list);
  return {
    sessionCapabilities: ordered(SESSION_TYPES, s.sessionCapabilities),
    sessions: {
      sessionCreateProfileTypes: p(s.sessions.sessionCreateProfileTypes),
      sessionEditProfileTypes: p(s.sessions.sessionEditProfileTypes),
      sessionCancelProfileTypes: p(s.sessions.sessionCancelProfileTypes),
      sessionRecordingsProfileTypes: p(s.sessions.sessionRecordingsProfileTypes),
      sessionJoinMinutesPrior: String(s.sessions.sessionJoinMinutesPrior),
      zoomEnabled: s.sessions.zoomEnabled,
      tutorEditSessionParticipants: s.sessions.tutorEditSessionParticipants,
      studentWeeklyReportToParents: s.sessions.studentWeeklyReportToParents,
      customSessionProperties: s.sessions.customSessionProperties.map(propertyForm),
    },
    tutorSelfCheckInOut: s.tutorSelfCheckInOut,
    tutorAddNonPairedUsers: s.tutorAddNonPairedUsers,
    multipleTutorsPerSession: s.multipleTutorsPerSession,
    disableProgramRecordings: s.disableProgramRecordings,
    lessonspace: { ...s.lessonspace },
    sessionNotifications: { edited: rule(s.sessionNotifications.edited), cancelled: rule(s.sessionNotifications.cancelled) },
  };
}

const SELECT_TYPES: readonly FieldType[] = ['SINGLE_SELECT', 'MULTI_SELECT'];
export const hasOptions = (t: FieldType): boolean => SELECT_TYPES.includes(t);

/** The property as editProgram takes it: a session property, options only for select fields. */
export function propertyInput(p: PropertyForm) {
  const labels = hasOptions(p.fieldType) ? p.options.split('\n').map((l) => l.trim()).filter(Boolean) : [];
  const options = labels.map((label) => {
    const stored = p.storedOptions.find((o) => o.label === label);
    return { label, value: stored?.value ?? label, description: stored?.description ?? null };
  });
  return {
    ...(p.id === null ? {} : { id: p.id }),
    label: p.label.trim(), description: p.description.trim() || null, internalKeyName: p.internalKeyName.trim(),
    fieldType: p.fieldType, type: 'SESSION' as const, required: p.required, options,
  };
}

type Input = { [key: string]: unknown };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The changed keys of an object of settings, recursing into groups; lists are sent whole. */
function changed(before: Input, after: Input): Input {
  const out: Input = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    const group = value !== null && typeof value === 'object' && !Array.isArray(value);
    if (group) {
      const inner = changed(old as Input, value as Input);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (!same(old, value)) {
      out[key] = value;
    }
  }
  return out;
}

/** The form as the server's shape: the join time a number, properties as inputs. */
function asInput(f: SettingsForm): Input {
  return {
    ...f,
    sessions: {
      ...f.sessions,
      sessionJoinMinutesPrior: Number(f.sessions.sessionJoinMinutesPrior.trim()),
      customSessionProperties: f.sessions.customSessionProperties.map(propertyInput),
    },
  };
}

/** The form's own check: field path to message id (the server checks ranges and the rest). */
export function validateSettings(f: SettingsForm): Record<string, 'programSettings.wholeMinutes'> {
  return /^\d+$/.test(f.sessions.sessionJoinMinutesPrior.trim()) ? {} : { 'sessions.sessionJoinMinutesPrior': 'programSettings.wholeMinutes' };
}

/** editProgram's programInput with only what differs from the program as loaded. */
export function settingsChanges(initial: SettingsForm, current: SettingsForm): Input {
  return changed(asInput(initial), asInput(current));
}

/** A server field path (with or without the "programInput." prefix) as the form's key. */
export const formPath = (path: string): string => path.replace(/^programInput\./, '');
