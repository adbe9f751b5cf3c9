/** /internal-admin-panel: the platform team's tools (router/PlatformArea lets only platform admins in). */
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { ECOSYSTEM_JOBS_PATH, ECOSYSTEMS_PATH, MESSAGE_TEMPLATES_PATH, OUTBOX_PATH, RECORDING_EXPORTS_PATH, SCHEDULED_REPORTS_PATH } from '../../router/paths';
import { BigJobsMessages, OutboxMessages, ReportsMessages } from '../../i18n/PageMessages';

/** Its words come with the reports pages' catalogue (decision 0052), not the first load's. */
function ReportsCard() {
  const t = useT();
  return (
    <Card component="li" withBorder>
      <Anchor component={Link} to={SCHEDULED_REPORTS_PATH} fw={600}>{t('reports.title')}</Anchor>
      <Text size="sm" c="dimmed">{t('reports.linkText')}</Text>
    </Card>
  );
}

/** Its words come with the big jobs page's catalogue (decision 0075). */
function BigJobsCard() {
  const t = useT();
  return (
    <Card component="li" withBorder>
      <Anchor component={Link} to={ECOSYSTEM_JOBS_PATH} fw={600}>{t('bigJobs.title')}</Anchor>
      <Text size="sm" c="dimmed">{t('bigJobs.linkText')}</Text>
    </Card>
  );
}

/** Its words come with the outbox pages' catalogue, as the template previews' page does (decision 0076). */
function TemplatesCard() {
  const t = useT();
  return (
    <Card component="li" withBorder>
      <Anchor component={Link} to={MESSAGE_TEMPLATES_PATH} fw={600}>{t('templates.title')}</Anchor>
      <Text size="sm" c="dimmed">{t('templates.linkText')}</Text>
    </Card>
  );
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('admin.title'));
  return (
    <Stack p="md">
      <Title order={1}>{t('admin.title')}</Title>
      <Text>{t('admin.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        <Card component="li" withBorder>
          <Anchor component={Link} to={ECOSYSTEMS_PATH} fw={600}>{t('admin.manageEcosystems')}</Anchor>
          <Text size="sm" c="dimmed">{t('admin.manageEcosystemsText')}</Text>
        </Card>
        <Card component="li" withBorder>
          <Anchor component={Link} to={OUTBOX_PATH} fw={600}>{t('outbox.title')}</Anchor>
          <Text size="sm" c="dimmed">{t('admin.outboxText')}</Text>
        </Card>
        <Card component="li" withBorder>
          <Anchor component={Link} to={RECORDING_EXPORTS_PATH} fw={600}>{t('admin.recordingExports')}</Anchor>
          <Text size="sm" c="dimmed">{t('admin.recordingExportsText')}</Text>
        </Card>
        <ReportsMessages><ReportsCard /></ReportsMessages>
        <BigJobsMessages><BigJobsCard /></BigJobsMessages>
        <OutboxMessages><TemplatesCard /></OutboxMessages>
      </SimpleGrid>
    </Stack>
  );
}
