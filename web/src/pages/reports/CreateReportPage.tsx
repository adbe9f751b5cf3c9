/**
 * /internal-admin-panel/scheduled-reports/create-report (decision 0068): a new scheduled report,
 * or, with `?id=`, an edit of that one. Saving goes back to the list. Platform admins only.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql } from 'react-relay';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useLocale } from '../../i18n/locale';
import { ReportsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { fieldErrors } from '../../relay/errors';
import { requireLogin } from '../../router/guards';
import { SCHEDULED_REPORTS_PATH } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { CreateReportPageQuery } from './__generated__/CreateReportPageQuery.graphql';
import { inputOf, ReportForm, ZONES, type EcosystemChoice, type FormValues } from './ReportForm';
import { useSaveReportMutation } from './useSaveReportMutation';

const query = graphql`
  query CreateReportPageQuery {
    getEcosystems(first: 50) {
      edges { node { rawId name programs(first: 50) { edges { node { rawId name } } } } }
    }
    getAllScheduledProgramLevelReports {
      _id reportName recipientEmail language ecosystems programs startDay endDay
      schedule { frequency dayOfWeek dayOfMonth dailySchedule { timeOfDay } timeZoneId }
    }
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<CreateReportPageQuery>(relayEnvironment, query, {}, request.signal);
}

type Report = CreateReportPageQuery['response']['getAllScheduledProgramLevelReports'][number];

/** A new report is written in the admin's own language until they choose another. */
function valuesOf(report: Report | undefined, language: 'en' | 'es'): FormValues {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const browserZone = own && ZONES.includes(own) ? own : 'UTC';
  if (!report) {
    return { reportName: '', ecosystemId: null, programs: [], recipients: '', language, frequency: 'WEEKLY', dayOfWeek: '1', dayOfMonth: 1, hour: '8', timeZoneId: browserZone, startDay: '', endDay: '' };
  }
  const s = report.schedule;
  return {
    reportName: report.reportName, ecosystemId: report.ecosystems[0] ?? null, programs: [...report.programs], recipients: report.recipientEmail.join(', '),
    language: report.language === 'es' ? 'es' : 'en', frequency: s.frequency === 'WEEKLY' || s.frequency === 'MONTHLY' ? s.frequency : 'DAILY',
    dayOfWeek: String(s.dayOfWeek ?? 1), dayOfMonth: s.dayOfMonth ?? 1, hour: String(s.dailySchedule.timeOfDay), timeZoneId: s.timeZoneId,
    startDay: report.startDay ?? '', endDay: report.endDay ?? '',
  };
}

function CreateReportContent() {
  const t = useT();
  const data = useRouteQuery<CreateReportPageQuery>(query);
  const [params] = useSearchParams();
  const id = params.get('id');
  const report = id ? data.getAllScheduledProgramLevelReports.find((r) => r._id === id) : undefined;
  useDocumentTitle(t(id ? 'reports.form.editTitle' : 'reports.form.createTitle'));
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const [save, saving] = useSaveReportMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ecosystems: EcosystemChoice[] = data.getEcosystems.edges.map(({ node }) => ({
    id: node.rawId, name: node.name, programs: node.programs.edges.map((p) => ({ id: p.node.rawId, name: p.node.name })),
  }));

  const submit = async (values: FormValues) => {
    try {
      await save(report?._id ?? null, inputOf(values));
      showToast({ color: 'teal', message: t('reports.form.saved', { name: values.reportName }) });
      navigate(SCHEDULED_REPORTS_PATH);
    } catch (error) {
      setErrors(fieldErrors(error));
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Stack p="md" maw={720} mx="auto">
      <Anchor component={Link} to={SCHEDULED_REPORTS_PATH} size="sm">{t('reports.form.cancel')}</Anchor>
      <Title order={1}>{t(id ? 'reports.form.editTitle' : 'reports.form.createTitle')}</Title>
      {id && !report ? <Text>{t('reports.form.notFound')}</Text>
        : <ReportForm key={report?._id ?? 'new'} initial={valuesOf(report, locale === 'sp' ? 'es' : 'en')} ecosystems={ecosystems} errors={errors} saving={saving} onSubmit={(v) => void submit(v)} />}
    </Stack>
  );
}

export function Component() {
  return <ReportsMessages><CreateReportContent /></ReportsMessages>;
}
