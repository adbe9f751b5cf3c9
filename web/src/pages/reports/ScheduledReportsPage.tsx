/**
 * /internal-admin-panel/scheduled-reports (decision 0068): every scheduled program-level report,
 * by name, with its schedule in its own zone, its recipients, its last and next run and its last
 * failure, and a button to archive it (it stops) or bring it back. Platform admins only.
 */
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useLocale } from '../../i18n/locale';
import { ReportsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { CREATE_REPORT_PATH } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ScheduledReportsPageQuery } from './__generated__/ScheduledReportsPageQuery.graphql';
import type { ScheduledReportsPage_query$key } from './__generated__/ScheduledReportsPage_query.graphql';
import { instantText, scheduleText } from './words';
import { useToggleArchiveReportMutation } from './useToggleArchiveReportMutation';

const query = graphql`
  query ScheduledReportsPageQuery {
    ...ScheduledReportsPage_query
  }
`;

const listFragment = graphql`
  fragment ScheduledReportsPage_query on Query @refetchable(queryName: "ScheduledReportsListRefetchQuery") {
    getAllScheduledProgramLevelReports {
      _id reportName recipientEmail archived error lastRunAt nextRunAt
      schedule { frequency dayOfWeek dayOfMonth dailySchedule { timeOfDay } timeZoneId }
    }
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<ScheduledReportsPageQuery>(relayEnvironment, query, {}, request.signal);
}

type Report = NonNullable<ReturnType<typeof useReports>[0]['getAllScheduledProgramLevelReports']>[number];

function useReports(ref: ScheduledReportsPage_query$key) {
  return useRefetchableFragment(listFragment, ref);
}

function ReportCard({ report, onToggle, busy }: { report: Report; onToggle: (r: Report) => void; busy: boolean }) {
  const t = useT();
  const { locale } = useLocale();
  const zone = report.schedule.timeZoneId;
  return (
    <Paper withBorder p="md" component="li" aria-label={report.reportName}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} className="wrap-anywhere">{report.reportName}</Text>
          {report.archived && <Badge color="gray">{t('reports.archived')}</Badge>}
        </Group>
        <Text size="sm">{scheduleText(t, report.schedule)}</Text>
        <Text size="sm" className="wrap-anywhere">{t('reports.recipients', { recipients: report.recipientEmail.join(', ') })}</Text>
        <Text size="sm">{report.lastRunAt ? t('reports.lastRun', { time: instantText(report.lastRunAt, zone, locale) }) : t('reports.neverRun')}</Text>
        {report.nextRunAt && <Text size="sm">{t('reports.nextRun', { time: instantText(report.nextRunAt, zone, locale) })}</Text>}
        {report.error && <Alert color="red" p="xs">{t('reports.lastError', { error: report.error })}</Alert>}
        <Group gap="sm" mt="xs" wrap="wrap">
          <Anchor component={Link} to={`${CREATE_REPORT_PATH}?id=${encodeURIComponent(report._id)}`} size="sm"
            aria-label={t('reports.edit', { name: report.reportName })}>{t('reports.edit', { name: '' }).trim()}</Anchor>
          <Button size="xs" variant="light" loading={busy} onClick={() => onToggle(report)}>
            {t(report.archived ? 'reports.unarchive' : 'reports.archive', { name: report.reportName })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Reports({ queryRef }: { queryRef: ScheduledReportsPage_query$key }) {
  const t = useT();
  const errorText = useErrorText();
  const [data, refetch] = useReports(queryRef);
  const [toggle] = useToggleArchiveReportMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const reports = data.getAllScheduledProgramLevelReports.filter((r) => showArchived || !r.archived);

  const onToggle = async (report: Report) => {
    setBusy(report._id);
    try {
      const archived = await toggle(report._id);
      showToast({ color: 'teal', message: t(archived ? 'reports.archivedDone' : 'reports.unarchivedDone', { name: report.reportName }) });
      refetch({}, { fetchPolicy: 'network-only' });
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Checkbox label={t('reports.showArchived')} checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} />
      {reports.length === 0 ? <Text>{t('reports.empty')}</Text> : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {reports.map((r) => <ReportCard key={r._id} report={r} busy={busy === r._id} onToggle={(x) => void onToggle(x)} />)}
        </Stack>
      )}
    </>
  );
}

function ScheduledReportsContent() {
  const t = useT();
  useDocumentTitle(t('reports.title'));
  const data = useRouteQuery<ScheduledReportsPageQuery>(query);
  return (
    <Stack p="md" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('reports.title')}</Title>
        <Button component={Link} to={CREATE_REPORT_PATH}>{t('reports.new')}</Button>
      </Group>
      <Text>{t('reports.intro')}</Text>
      <Reports queryRef={data} />
    </Stack>
  );
}

export function Component() {
  return <ReportsMessages><ScheduledReportsContent /></ReportsMessages>;
}
