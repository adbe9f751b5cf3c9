import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../shared/errors';
import { given, NOW } from '../user/given';
import {
  createScheduledReportHandler, recordReportRunFailedHandler, recordReportRunSucceededHandler, toggleArchiveScheduledReportHandler, updateScheduledReportHandler,
} from './decide';
import type { ReportDefinition } from './model';
import { reportDefinitionSchema } from './model';
import type { ScheduledReportEvent } from './state';

const reportId = '9d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162';
const adminId = '1d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162';
const report: ReportDefinition = {
  reportId, reportName: 'Weekly sessions', reportType: 'PROGRAM_SESSIONS', recipientEmail: ['lead@example.com'], language: 'es',
  ecosystemId: '2d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162', programIds: ['3d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162'],
  schedule: { frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, hour: 8, timeZoneId: 'America/New_York' }, startDay: null, endDay: null,
};
const created: ScheduledReportEvent = { type: 'ScheduledReportCreated', data: { report, createdBy: adminId, at: NOW } };
const run = { reportId, firedAt: '2026-11-23T13:00:00.000Z', periodStart: '2026-11-16T13:00:00.000Z', periodEnd: '2026-11-23T13:00:00.000Z', recipients: 1 };

describe('scheduled reports', () => {
  it('creates one, and a repeated create of the same is nothing new', () => {
    given(createScheduledReportHandler, []).when({ report, createdBy: adminId }).then([created]);
    given(createScheduledReportHandler, [created]).when({ report, createdBy: adminId }).then([]);
  });

  it('updates an existing one in its own ecosystem, and nothing when nothing changed', () => {
    const moved = { ...report, schedule: { ...report.schedule, hour: 9 } };
    given(updateScheduledReportHandler, [created]).when(moved).then([{ type: 'ScheduledReportUpdated', data: { report: moved, at: NOW } }]);
    given(updateScheduledReportHandler, [created]).when(report).then([]);
    given(updateScheduledReportHandler, []).when(report).thenThrows(NotFoundError);
    given(updateScheduledReportHandler, [created]).when({ ...report, ecosystemId: '4d1f2c3b-4a5e-4f60-8b7c-1d2e3f405162' }).thenThrows(ValidationError);
  });

  it('toggles between archived and active', () => {
    const archived: ScheduledReportEvent = { type: 'ScheduledReportArchived', data: { reportId } };
    given(toggleArchiveScheduledReportHandler, [created]).when({ reportId }).then([archived]);
    given(toggleArchiveScheduledReportHandler, [created, archived]).when({ reportId }).then([{ type: 'ScheduledReportUnarchived', data: { reportId, at: NOW } }]);
    given(toggleArchiveScheduledReportHandler, []).when({ reportId }).thenThrows(NotFoundError);
  });

  it('records each fire once, succeeded or failed', () => {
    const succeeded: ScheduledReportEvent = { type: 'ScheduledReportRunSucceeded', data: run };
    given(recordReportRunSucceededHandler, [created]).when(run).then([succeeded]);
    given(recordReportRunSucceededHandler, [created, succeeded]).when(run).then([]);
    given(recordReportRunFailedHandler, [created, succeeded]).when({ reportId, firedAt: run.firedAt, error: 'x' }).then([]);
    const later = { reportId, firedAt: '2026-11-30T13:00:00.000Z', error: 'The report could not be sent: no mail.' };
    given(recordReportRunFailedHandler, [created, succeeded]).when(later).then([{ type: 'ScheduledReportRunFailed', data: later }]);
  });

  it('checks the definition: recipients, a day for the frequency, an hour of the day, a zone, bounds in order', () => {
    const issues = (d: unknown) => reportDefinitionSchema.safeParse(d).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues(report)).toEqual([]);
    expect(issues({ ...report, recipientEmail: ['x@'] })).toEqual(['recipientEmail.0']);
    expect(issues({ ...report, schedule: { ...report.schedule, dayOfWeek: null } })).toEqual(['schedule.dayOfWeek']);
    expect(issues({ ...report, schedule: { ...report.schedule, frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: null } })).toEqual(['schedule.dayOfMonth']);
    expect(issues({ ...report, schedule: { ...report.schedule, hour: 24 } })).toEqual(['schedule.hour']);
    expect(issues({ ...report, schedule: { ...report.schedule, timeZoneId: 'Europe/Nowhere' } })).toEqual(['schedule.timeZoneId']);
    expect(issues({ ...report, startDay: '2026-02-02', endDay: '2026-02-01' })).toEqual(['endDay']);
  });
});
