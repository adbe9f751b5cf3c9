/**
 * getCompletedSessionSummaryV3 (docs/decisions/0063): a
 * person's ended sessions counted in total and per month. Who may read whose follows the session
 * lists (domain/session/policy.ts sessionListScope): someone the reader may not list reads as a
 * person without sessions. Months and days are read in the person's zone, else the browsed
 * ecosystem's first supported zone, else UTC.
 */
import { DateTime } from 'luxon';
import { sessionListScope } from '../../domain/session/policy';
import { completedSummary, type MonthCounts } from '../../projections/sessions/summary';
import { findPerson } from '../../projections/users';
import type { CompletedSessionSummaryInput } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { browsedEcosystemId, userIdArg } from '../people/target';
import { toGlobalId } from '../relay';
import { invalidArgument } from '../tenants/support';
import { loaders } from '../tenants/loaders';
import { sessionViewer } from '../sessions/access';
import { sessionSummaryMessages as m } from './messages';

export const MAX_MONTHS = 36;

export interface Counts { held: number; missed: number; cancelled: number; minutesHeld: number }

export interface CompletedSummarySource {
  userId: string;
  timeZoneId: string;
  from: string;
  to: string;
  totals: Counts;
  months: Array<{ month: string; counts: Counts }>;
}

async function summaryZone(ctx: RequestContext, userId: string): Promise<string> {
  const person = await ctx.read((client) => findPerson(client, userId));
  const own = person?.profile.timeZoneId;
  if (own && DateTime.local().setZone(own).isValid) return own;
  const ecosystemId = await browsedEcosystemId(ctx);
  const ecosystem = ecosystemId ? await loaders(ctx).ecosystems.load(ecosystemId) : null;
  return ecosystem?.supportedTimezones[0]?.id ?? 'UTC';
}

/** The range's days in the zone: `from` inclusive, `to` inclusive; default the 12 months up to today. */
export function summaryRange(input: CompletedSessionSummaryInput | null | undefined, zone: string, now: Date): { from: DateTime; to: DateTime } {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  const to = input?.to ? DateTime.fromISO(input.to, { zone }) : today;
  const from = input?.from ? DateTime.fromISO(input.from, { zone }) : to.startOf('month').minus({ months: 11 });
  if (to < from) throw invalidArgument('input.to', m.rangeOrder);
  if (to.startOf('month').diff(from.startOf('month'), 'months').months >= MAX_MONTHS) throw invalidArgument('input.to', m.rangeTooLong({ max: MAX_MONTHS }));
  return { from, to };
}

const ZERO: Counts = { held: 0, missed: 0, cancelled: 0, minutesHeld: 0 };

/** Every month of the range, those without sessions as zeros. */
export function allMonths(from: DateTime, to: DateTime, found: readonly MonthCounts[]): Array<{ month: string; counts: Counts }> {
  const byMonth = new Map(found.map((f) => [f.month, f]));
  const months: Array<{ month: string; counts: Counts }> = [];
  for (let d = from.startOf('month'); d <= to; d = d.plus({ months: 1 })) {
    const key = d.toFormat('yyyy-MM');
    const f = byMonth.get(key);
    months.push({ month: key, counts: f ? { held: f.held, missed: f.missed, cancelled: f.cancelled, minutesHeld: f.minutesHeld } : ZERO });
  }
  return months;
}

function total(months: ReadonlyArray<{ counts: Counts }>): Counts {
  return months.reduce((t, { counts: c }) => ({
    held: t.held + c.held, missed: t.missed + c.missed, cancelled: t.cancelled + c.cancelled, minutesHeld: t.minutesHeld + c.minutesHeld,
  }), ZERO);
}

export async function completedSessionSummary(ctx: RequestContext, input: CompletedSessionSummaryInput | null | undefined): Promise<CompletedSummarySource> {
  const userIdValue = input?.userId ? userIdArg(input.userId, 'input.userId') : null;
  const viewer = await sessionViewer(ctx);
  const userId = userIdValue ?? viewer.principal.userId;
  const now = ctx.services.clock();
  const zone = await summaryZone(ctx, userId);
  const { from, to } = summaryRange(input, zone, now);
  const found = await ctx.read((client) => completedSummary(client, {
    userId, scope: sessionListScope(viewer, userId), from: from.toJSDate(), to: to.plus({ days: 1 }).toJSDate(), now, timeZoneId: zone,
  }));
  const months = allMonths(from, to, found);
  return { userId: toGlobalId('User', userId), timeZoneId: zone, from: from.toISODate() ?? '', to: to.toISODate() ?? '', totals: total(months), months };
}
