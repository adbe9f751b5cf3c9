/**
 * The scheduled reports' reads (decision 0068), on the owner connection: the scheduler is the
 * platform looking at every tenant's reports, not a user under row-level security. The brand (the
 * ecosystem's name and terms) comes from its stream, never stale, as the invitation job's does.
 */
import type { Pool } from 'pg';
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import { activeScheduledReports, findScheduledReport } from '../../projections/reports';
import { reportContents } from '../../projections/reports/contents';
import { recipientAccounts } from '../../projections/reports/recipients';
import type { AggregateLoader } from '../invitations/reads';
import type { ReportReads } from './activities';
import { childSessions, recordedMessageIds, weeklyGuardians } from '../../projections/reports/weekly';
import type { WeeklyReportReads } from './weekly';

export function reportReads(pool: Pool, loader: AggregateLoader): ReportReads {
  return {
    active: () => activeScheduledReports(pool),
    report: (reportId) => findScheduledReport(pool, reportId),
    contents: (period) => reportContents(pool, period),
    recipients: (ecosystemId, emails) => recipientAccounts(pool, ecosystemId, emails),
    async brand(ecosystemId) {
      const state = await loader.load(ecosystemAggregate, ecosystemId);
      if (state.status === 'none') return { ecosystemName: null, tutorTerm: null, tuteeTerm: null, moduleTerm: null };
      const { name, tutorTerm, tuteeTerm, moduleTerm } = state.details;
      return { ecosystemName: name, tutorTerm, tuteeTerm, moduleTerm };
    },
  };
}

/** The weekly parent reports' reads (decision 0076), on the owner connection as well. */
export function weeklyReportReads(pool: Pool): WeeklyReportReads {
  return {
    guardians: (only) => weeklyGuardians(pool, only),
    childSessions: (ecosystemId, childIds, from, to) => childSessions(pool, ecosystemId, childIds, from, to),
    recorded: (ids) => recordedMessageIds(pool, ids),
  };
}
