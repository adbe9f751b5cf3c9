/** One ecosystem on /admin: its name and what its admin can do there (settings, programs, audit trail). */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { AdminSessionsMessages, EcosystemSettingsMessages, EcosystemsMessages, LeadsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { areaPaths } from '../../router/paths';
import { EcosystemFormDialog } from '../ecosystems/EcosystemFormDialog';
import type { AdminEcosystemCard_ecosystem$key } from './__generated__/AdminEcosystemCard_ecosystem.graphql';

const paths = areaPaths('ecosystem');

export function AdminEcosystemCard({ ecosystemRef }: { ecosystemRef: AdminEcosystemCard_ecosystem$key }) {
  const t = useT();
  const ecosystem = useFragment(graphql`
    fragment AdminEcosystemCard_ecosystem on Ecosystem {
      id
      name
      shortName
      archived
      ...EcosystemFormDialog_ecosystem
    }
  `, ecosystemRef);
  const [editing, setEditing] = useState(false);
  const headingId = `ecosystem-${ecosystem.id}`;
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" id={headingId} className="wrap-anywhere">{ecosystem.name}</Title>
          {ecosystem.archived && <Badge color="gray" variant="light">{t('common.archived')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">{ecosystem.shortName}</Text>
        <Group gap="xs">
          <Button component={Link} to={paths.programs(ecosystem.id)} variant="light"
            aria-label={t('programs.title', { name: ecosystem.name })}>{t('ecosystems.programs')}</Button>
          <Button component={Link} to={paths.breadcrumbs(ecosystem.id)} variant="light"
            aria-label={t('breadcrumbs.title', { name: ecosystem.name })}>{t('ecosystems.breadcrumbs')}</Button>
          <Button component={Link} to={paths.invite(ecosystem.id)} variant="light"
            aria-label={t('invite.title', { name: ecosystem.name })}>{t('invite.link')}</Button>
          <Button component={Link} to={paths.applications(ecosystem.id)} variant="light"
            aria-label={t('applications.title', { name: ecosystem.name })}>{t('applications.link')}</Button>
          <LeadsMessages><LeadsLink ecosystemId={ecosystem.id} name={ecosystem.name} /></LeadsMessages>
          <AdminSessionsMessages><SessionsLink ecosystemId={ecosystem.id} name={ecosystem.name} /></AdminSessionsMessages>
          <EcosystemSettingsMessages><SchedulingLink ecosystemId={ecosystem.id} name={ecosystem.name} /></EcosystemSettingsMessages>
          <Button component={Link} to={paths.sso(ecosystem.id)} variant="light"
            aria-label={t('ssoSetup.title', { name: ecosystem.name })}>{t('ssoSetup.link')}</Button>
          <Button variant="default" onClick={() => setEditing(true)}
            aria-label={t('ecosystems.editTitle', { name: ecosystem.name })}>{t('ecosystems.edit')}</Button>
        </Group>
      </Stack>
      <EcosystemsMessages><EcosystemFormDialog opened={editing} onClose={() => setEditing(false)} ecosystemRef={ecosystem} /></EcosystemsMessages>
    </Card>
  );
}

/** Its words come with the leads page's catalogue (i18n/leads.en.ts), not the first load. */
function LeadsLink({ ecosystemId, name }: { ecosystemId: string; name: string }) {
  const t = useT();
  return <Button component={Link} to={paths.leads(ecosystemId)} variant="light" aria-label={t('leads.title', { name })}>{t('leads.link')}</Button>;
}

/** Its words come with the session summary's catalogue (i18n/adminSessions.en.ts), not the first load. */
function SessionsLink({ ecosystemId, name }: { ecosystemId: string; name: string }) {
  const t = useT();
  return <Button component={Link} to={paths.sessions(ecosystemId)} variant="light" aria-label={t('adminSessions.title', { name })}>{t('adminSessions.link')}</Button>;
}

/** Its words come with the scheduling settings page's catalogue (i18n/ecosystemSettings.en.ts, decision 0071). */
function SchedulingLink({ ecosystemId, name }: { ecosystemId: string; name: string }) {
  const t = useT();
  return <Button component={Link} to={paths.scheduling(ecosystemId)} variant="light" aria-label={t('ecosystemSettings.title', { name })}>{t('ecosystemSettings.link')}</Button>;
}
