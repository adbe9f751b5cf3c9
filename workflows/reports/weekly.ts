/**
 * Activities of the weekly parent reports (decision 0076). The tick asks which guardians' reports
 * are due at the engine's clock (Saturday 09:00 in each guardian's zone, domain/report/weekly.ts)
 * and not yet recorded, then sends each: the children's sessions of the week, judged at the send
 * time, written in the guardian's language with times in the guardian's zone, by e-mail and/or
 * text as the guardian's WEEKLY_REPORT preference and each child's family-link channels say. The
 * message ids derive from (guardian, ecosystem, ISO week, channel): a second tick, a retried
 * activity or a stale read sends nothing twice.
 */
import { DateTime } from 'luxon';
import { recordMessage } from '../../domain/message/handlers';
import { messageLanguageOf } from '../../domain/message/kinds';
import type { MessageChannel, MessageLanguage } from '../../domain/message/events';
import type { TemplateParams } from '../../domain/message/templates';
import { childSessionStatus, dueWeeklyFire, guardianZone, parentReportWeek, type ParentReportWeek } from '../../domain/report/weekly';
import { DEFAULT_NOTIFICATIONS } from '../../domain/user/settings/notifications';
import type { ChildSessionRow, WeeklyGuardianRow } from '../../projections/reports/weekly';
import type { CommandDispatcher } from '../dispatch';
import type { WorkflowEngine } from '../engine/port';
import { deterministicUuid } from '../ids';
import { messageIdFor, sendMessage, type RecordMessage } from '../messages/send';
import { unsubscribePart, type UnsubscribeUrl } from '../messages/unsubscribe';
import type { ReportReads } from './activities';
import { REPORT_ACTOR } from './activities';

export interface WeeklyReportReads {
  /** Every guardian who gets a weekly report (per ecosystem), or the one asked for. */
  guardians(only?: { parentId: string; ecosystemId: string }): Promise<WeeklyGuardianRow[]>;
  childSessions(ecosystemId: string, childIds: readonly string[], from: Date, to: Date): Promise<ChildSessionRow[]>;
  /** Which of these message ids are recorded already. */
  recorded(messageIds: readonly string[]): Promise<Set<string>>;
}

export interface WeeklyReportDeps {
  reads: Pick<ReportReads, 'brand'>;
  weekly?: WeeklyReportReads;
  engine: () => Pick<WorkflowEngine, 'startWorkflow'>;
  /** The unsubscribe page of a person's kind (decision 0072): the report's e-mail turns the parent's WEEKLY_REPORT off. */
  unsubscribeUrl?: UnsubscribeUrl;
  log?: (line: string) => void;
}

export interface DueWeeklyReport {
  parentId: string;
  ecosystemId: string;
  /** The Saturday 09:00 local this report is for (ISO). */
  firedAt: string;
}

export type WeeklyReportOutcome = 'SENT' | 'SKIPPED';

type Channels = { email: boolean; text: boolean };

export function weeklyChannels(row: WeeklyGuardianRow): Record<MessageChannel, string[]> {
  const pref: Channels = { ...DEFAULT_NOTIFICATIONS.parentNotificationPreference.WEEKLY_REPORT, ...(row.weekly ?? {}) };
  const phone = e164(row.phoneNumber);
  return {
    EMAIL: pref.email ? row.children.filter((c) => c.channels.includes('EMAIL')).map((c) => c.childId) : [],
    SMS: pref.text && phone ? row.children.filter((c) => c.channels.includes('TEXT')).map((c) => c.childId) : [],
  };
}

/** The profile's phone (10 digits, or 11 with a leading 1: decision 0050) as E.164; null when there is none. */
export function e164(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export const weeklyKey = (row: Pick<WeeklyGuardianRow, 'parentId' | 'ecosystemId'>, week: Pick<ParentReportWeek, 'isoWeek'>, channel: MessageChannel) =>
  `weekly-parent-report/${row.parentId}/${week.isoWeek}/${channel}`;

const LOCALE: Record<MessageLanguage, string> = { en: 'en-US', es: 'es' };

/** "Mon, Mar 8, 3:30 PM EST" / "lun, 8 mar, 15:30 GMT-5": the guardian's zone and language. */
export function sessionWhen(at: Date, zone: string, language: MessageLanguage): string {
  return DateTime.fromJSDate(at, { zone }).setLocale(LOCALE[language])
    .toLocaleString({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

export function weeklyParams(row: WeeklyGuardianRow, childIds: readonly string[], sessions: readonly ChildSessionRow[], week: ParentReportWeek, language: MessageLanguage):
  TemplateParams['WEEKLY_PARENT_REPORT'] {
  const zone = guardianZone(row.timeZoneId);
  return {
    week: `${week.firstDay} – ${week.lastDay}`,
    children: row.children.filter((c) => childIds.includes(c.childId)).slice(0, 20).map((c) => ({
      name: c.name,
      sessions: sessions.filter((s) => s.childId === c.childId).slice(0, 200).map((s) => ({
        when: sessionWhen(new Date(s.startAt), zone, language), program: s.program.slice(0, 300), subject: s.subject.slice(0, 300), tutor: s.tutor.slice(0, 300),
        status: childSessionStatus({ startAt: new Date(s.startAt), endAt: new Date(s.endAt), cancelled: s.cancelled, joined: s.joined }, week.fire),
      })),
    })),
  };
}

export function createWeeklyReportActivities(deps: WeeklyReportDeps | undefined, bus: CommandDispatcher, clock: () => Date) {
  const need = (): WeeklyReportDeps & { weekly: WeeklyReportReads } => {
    if (!deps?.weekly) throw new Error('Weekly parent reports need their reads and engine (ActivityDeps.reports.weekly).');
    return deps as WeeklyReportDeps & { weekly: WeeklyReportReads };
  };

  return {
    /** The guardians whose report for the latest Saturday 09:00 (their zone, within a day) is not recorded yet. */
    async dueWeeklyParentReports(): Promise<DueWeeklyReport[]> {
      const d = need();
      const now = clock();
      const candidates: Array<{ due: DueWeeklyReport; ids: string[] }> = [];
      for (const row of await d.weekly.guardians()) {
        const fire = dueWeeklyFire(guardianZone(row.timeZoneId), now);
        if (!fire) continue;
        const week = parentReportWeek(fire, row.timeZoneId ?? '');
        const channels = weeklyChannels(row);
        const ids = (['EMAIL', 'SMS'] as const).filter((c) => channels[c].length > 0).map((c) => messageIdFor(row.ecosystemId, weeklyKey(row, week, c)));
        if (ids.length > 0) candidates.push({ due: { parentId: row.parentId, ecosystemId: row.ecosystemId, firedAt: fire.toISOString() }, ids });
      }
      const recorded = await d.weekly.recorded(candidates.flatMap((c) => c.ids));
      return candidates.filter((c) => c.ids.some((id) => !recorded.has(id))).map((c) => c.due);
    },

    /** Sends one guardian's report of one week: nothing when they no longer get one. */
    async sendWeeklyParentReport(due: DueWeeklyReport): Promise<WeeklyReportOutcome> {
      const d = need();
      const [row] = await d.weekly.guardians({ parentId: due.parentId, ecosystemId: due.ecosystemId });
      if (!row) return 'SKIPPED';
      const fire = new Date(due.firedAt);
      const week = parentReportWeek(fire, row.timeZoneId ?? '');
      const channels = weeklyChannels(row);
      const everyone = [...new Set([...channels.EMAIL, ...channels.SMS])];
      if (everyone.length === 0) return 'SKIPPED';
      const sessions = await d.weekly.childSessions(row.ecosystemId, everyone, week.weekStart, week.upcomingEnd);
      const language = messageLanguageOf(row.languagePreference);
      const brand = await d.reads.brand(row.ecosystemId);
      const record: RecordMessage = async (input, commandId) => {
        const r = await bus.dispatch(recordMessage, input, {
          actor: REPORT_ACTOR, commandId, correlationId: deterministicUuid(`weekly-parent-report/${row.parentId}/${row.ecosystemId}/${week.isoWeek}`), now: clock().toISOString(),
        });
        return { state: r.state, replayed: false, position: null };
      };
      const targets: Array<[MessageChannel, string | null]> = [['EMAIL', row.email], ['SMS', e164(row.phoneNumber)]];
      for (const [channel, to] of targets) {
        if (channels[channel].length === 0 || !to) continue;
        const unsubscribe = unsubscribePart(channel, d.unsubscribeUrl, { userId: row.parentId, variant: 'parentNotificationPreference', kind: 'WEEKLY_REPORT' });
        await sendMessage({ record, engine: d.engine() }, {
          ecosystemId: row.ecosystemId, channel, kind: 'WEEKLY_PARENT_REPORT', language, to, recipientUserId: row.parentId,
          params: { ...weeklyParams(row, channels[channel], sessions, week, language), unsubscribeUrl: unsubscribe.url }, brand,
          idempotencyKey: weeklyKey(row, week, channel), ...unsubscribe.header,
        });
      }
      return 'SENT';
    },
  };
}
