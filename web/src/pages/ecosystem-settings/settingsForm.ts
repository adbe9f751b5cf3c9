/**
 * The scheduling settings form of one ecosystem as plain values (numbers as the text typed), and the
 * `EcosystemInput` a save sends: only the groups that changed, and inside sessionSettings only the
 * fields that changed (the server merges nested groups field by field and replaces lists whole,
 * schema/tenants.graphql). Field keys are the server's input paths without `ecosystemInput.`, so
 * its BAD_USER_INPUT messages land on the control they are about.
 */
export type LimitType = 'NONE' | 'WEEKLY' | 'MONTHLY' | 'TOTAL';
export interface HoursRow { key: number; day: string; startTime: string; endTime: string }
export interface TutorLimitRow { key: number; programIds: string[]; weeklyHourLimit: string }

export interface SettingsValues {
  tuteeBookEnabled: boolean;
  overlapChecksEnabled: boolean;
  sessionDurations: Array<{ key: number; minutes: string }>;
  sessionInterval: string;
  sessionAdvanceDayLimit: string;
  bufferEnabled: boolean;
  bufferMinutes: string;
  onlyJoinSessionsToday: boolean;
  attendanceGraceMinutes: string;
  supportedHours: HoursRow[];
  limitType: LimitType;
  minuteLimit: string;
  resetDate: string;
  tutorLimitsEnabled: boolean;
  tutorLimits: TutorLimitRow[];
  courseSectionsEnabled: boolean;
  maxEnrollments: string;
  dropDeadlineDays: string;
}

/** What the page's query answers about the ecosystem (the generated type is assignable to it). */
export interface StoredSettings {
  readonly sessionSettings: {
    readonly tuteeBookEnabled: boolean; readonly overlapChecksEnabled: boolean; readonly onlyJoinSessionsToday: boolean;
    readonly attendanceGraceMinutes: number; readonly sessionDurations: readonly number[]; readonly sessionInterval: number;
    readonly sessionAdvanceDayLimit: number;
    readonly tutorHoursLimitConfig: { readonly isEnabled: boolean; readonly limits: ReadonlyArray<{ readonly programIds: readonly string[]; readonly weeklyHourLimit: number }> };
  };
  readonly supportedHours: ReadonlyArray<{ readonly day: number; readonly startTime: string; readonly endTime: string }>;
  readonly timeBufferConfig: { readonly enabled: boolean; readonly lengthMinutes: number };
  readonly sessionLimits: { readonly sessionLimitType: string; readonly minuteLimit: number | null | undefined; readonly resetDate: string | null | undefined };
  readonly courseSectionConfig: { readonly enabled: boolean; readonly maxEnrollments: number; readonly dropDeadlineDays: number };
}

let nextKey = 0;
/** A stable React key for a row added to a list (rows have no id of their own). */
export const rowKey = (): number => { nextKey += 1; return nextKey; };

const LIMIT_TYPES: readonly LimitType[] = ['NONE', 'WEEKLY', 'MONTHLY', 'TOTAL'];
const asLimitType = (value: string): LimitType => LIMIT_TYPES.find((t) => t === value) ?? 'NONE';

export function initialValues(s: StoredSettings): SettingsValues {
  const ss = s.sessionSettings;
  return {
    tuteeBookEnabled: ss.tuteeBookEnabled,
    overlapChecksEnabled: ss.overlapChecksEnabled,
    sessionDurations: ss.sessionDurations.map((m) => ({ key: rowKey(), minutes: String(m) })),
    sessionInterval: String(ss.sessionInterval),
    sessionAdvanceDayLimit: String(ss.sessionAdvanceDayLimit),
    bufferEnabled: s.timeBufferConfig.enabled,
    bufferMinutes: String(s.timeBufferConfig.lengthMinutes),
    onlyJoinSessionsToday: ss.onlyJoinSessionsToday,
    attendanceGraceMinutes: String(ss.attendanceGraceMinutes),
    supportedHours: s.supportedHours.map((h) => ({ key: rowKey(), day: String(h.day), startTime: h.startTime, endTime: h.endTime })),
    limitType: asLimitType(s.sessionLimits.sessionLimitType),
    minuteLimit: s.sessionLimits.minuteLimit == null ? '' : String(s.sessionLimits.minuteLimit),
    resetDate: s.sessionLimits.resetDate ?? '',
    tutorLimitsEnabled: ss.tutorHoursLimitConfig.isEnabled,
    tutorLimits: ss.tutorHoursLimitConfig.limits.map((l) => ({ key: rowKey(), programIds: [...l.programIds], weeklyHourLimit: String(l.weeklyHourLimit) })),
    courseSectionsEnabled: s.courseSectionConfig.enabled,
    maxEnrollments: String(s.courseSectionConfig.maxEnrollments),
    dropDeadlineDays: String(s.courseSectionConfig.dropDeadlineDays),
  };
}

/** Text typed into a number field. Not a number: the field's key, for a message beside it. */
class NotANumber extends Error {
  constructor(readonly field: string) { super(field); }
}

function num(text: string, field: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new NotANumber(field);
  return value;
}

type Input = Record<string, unknown>;

function groups(v: SettingsValues): Record<string, Input | unknown[]> {
  const tl = 'sessionSettings.tutorHoursLimitConfig.limits';
  return {
    sessionSettings: {
      tuteeBookEnabled: v.tuteeBookEnabled,
      overlapChecksEnabled: v.overlapChecksEnabled,
      onlyJoinSessionsToday: v.onlyJoinSessionsToday,
      attendanceGraceMinutes: num(v.attendanceGraceMinutes, 'sessionSettings.attendanceGraceMinutes'),
      sessionDurations: v.sessionDurations.map((d, i) => num(d.minutes, `sessionSettings.sessionDurations.${i}`)),
      sessionInterval: num(v.sessionInterval, 'sessionSettings.sessionInterval'),
      sessionAdvanceDayLimit: num(v.sessionAdvanceDayLimit, 'sessionSettings.sessionAdvanceDayLimit'),
      tutorHoursLimitConfig: {
        isEnabled: v.tutorLimitsEnabled,
        limits: v.tutorLimits.map((l, i) => ({ programIds: l.programIds, weeklyHourLimit: num(l.weeklyHourLimit, `${tl}.${i}.weeklyHourLimit`) })),
      },
    },
    supportedHours: v.supportedHours.map((h, i) => ({ day: num(h.day, `supportedHours.${i}.day`), startTime: h.startTime, endTime: h.endTime })),
    timeBufferConfig: { enabled: v.bufferEnabled, lengthMinutes: num(v.bufferMinutes, 'timeBufferConfig.lengthMinutes') },
    sessionLimits: {
      sessionLimitType: v.limitType,
      minuteLimit: v.minuteLimit.trim() === '' ? null : num(v.minuteLimit, 'sessionLimits.minuteLimit'),
      resetDate: v.resetDate === '' ? null : v.resetDate,
    },
    courseSectionConfig: {
      enabled: v.courseSectionsEnabled,
      maxEnrollments: num(v.maxEnrollments, 'courseSectionConfig.maxEnrollments'),
      dropDeadlineDays: num(v.dropDeadlineDays, 'courseSectionConfig.dropDeadlineDays'),
    },
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Only what differs from `before`; sessionSettings field by field, the other groups whole. */
function changes(before: Record<string, Input | unknown[]>, after: Record<string, Input | unknown[]>): Input {
  const input: Input = {};
  for (const [name, group] of Object.entries(after)) {
    if (same(before[name], group)) continue;
    if (name === 'sessionSettings') {
      const old = before[name] as Input;
      input[name] = Object.fromEntries(Object.entries(group).filter(([field, value]) => !same(old[field], value)));
    } else {
      input[name] = group;
    }
  }
  return input;
}

export type SaveInput = { ok: true; input: Input } | { ok: false; field: string };

/** The input a save sends (empty when nothing changed), or the first field whose text is no number. */
export function toInput(initial: SettingsValues, current: SettingsValues): SaveInput {
  try {
    return { ok: true, input: changes(groups(initial), groups(current)) };
  } catch (error) {
    if (error instanceof NotANumber) return { ok: false, field: error.field };
    throw error;
  }
}

/**
 * The message of one control: its own path's, else the first about something inside it (a list's
 * `sessionSettings.sessionDurations` error shows on the list, `limits.0.programIds.1` on its row).
 */
export function errorAt(errors: Readonly<Record<string, string>>, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path];
  const inner = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return inner === undefined ? undefined : errors[inner];
}

/** The server's field paths as this form's keys. */
export function formErrors(byPath: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(byPath).map(([path, message]) => [path.replace(/^ecosystemInput\./, ''), message]));
}

interface Viewer {
  readonly isInternalTeamAccount: boolean;
  readonly ecosystemRoles: ReadonlyArray<{ readonly ecosystemId: string; readonly role: string; readonly status: string }>;
}

/**
 * Who the page is for: platform admins and the ecosystem's active admins, as editEcosystem allows.
 * Members may read the ecosystem, but the page answers them as not found rather than a form they
 * could never save.
 */
export function mayEdit(viewer: Viewer | null | undefined, ecosystemId: string): boolean {
  if (!viewer) return false;
  return viewer.isInternalTeamAccount
    || viewer.ecosystemRoles.some((r) => r.ecosystemId === ecosystemId && r.role === 'SUPER_ADMIN' && r.status === 'ACTIVE');
}
