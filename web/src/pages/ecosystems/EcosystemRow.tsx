/**
 * One ecosystem of the manage-ecosystems list, as a table row or (on a phone) a card: name with
 * the Demo badge and a running job's progress, short name, kind, status and the actions menu.
 */
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { NameCell } from '../../components/NameCell';
import { useT } from '../../i18n/terms';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import type { EcosystemRow_ecosystem$key } from './__generated__/EcosystemRow_ecosystem.graphql';
import { DemoJobStatus } from './DemoJobStatus';
import { EcosystemActions } from './EcosystemActions';
import { isJobActive } from './jobState';

interface Props {
  ecosystemRef: EcosystemRow_ecosystem$key;
  layout: 'row' | 'card';
  onJobSettled: () => void;
}

export function EcosystemRow({ ecosystemRef, layout, onJobSettled }: Props) {
  const t = useT();
  const ecosystem = useFragment(graphql`
    fragment EcosystemRow_ecosystem on Ecosystem {
      id
      name
      shortName
      type
      archived
      isDemoEcosystem
      recentBatchJob {
        state
        isActive
        ...DemoJobStatus_job
      }
      ...EcosystemActions_ecosystem
    }
  `, ecosystemRef);
  // The job started here, else a job that was already running when the list was read.
  const [startedJob, setStartedJob] = useState<DemoJobStatus_job$key | null>(null);
  const recent = ecosystem.recentBatchJob;
  const job = startedJob ?? (recent && isJobActive(recent) ? recent : null);
  // An ended job is no longer shown (its toast said how it ended); the list reloads its demo data state.
  const settled = useCallback(() => {
    setStartedJob(null);
    onJobSettled();
  }, [onJobSettled]);
  const jobStatus = job && <DemoJobStatus jobRef={job} ecosystemId={ecosystem.id} ecosystemName={ecosystem.name} onSettled={settled} />;
  const kind = ecosystem.type === 'MARKETPLACE' ? t('ecosystems.type.MARKETPLACE') : t('ecosystems.type.ECOSYSTEM');
  const status = (
    <Badge color={ecosystem.archived ? 'gray' : 'teal'} variant="light">
      {ecosystem.archived ? t('common.archived') : t('common.active')}
    </Badge>
  );
  const actions = <EcosystemActions ecosystemRef={ecosystem} jobRunning={job !== null} onJobStarted={setStartedJob} />;

  if (layout === 'card') {
    return <EcosystemCard name={ecosystem.name} isDemo={ecosystem.isDemoEcosystem} details={`${ecosystem.shortName} · ${kind}`}
      status={status} job={jobStatus} actions={actions} />;
  }
  return (
    <Table.Tr>
      <NameCell name={ecosystem.name} isDemo={ecosystem.isDemoEcosystem}>{jobStatus}</NameCell>
      <Table.Td>{ecosystem.shortName}</Table.Td>
      <Table.Td>{kind}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

interface CardProps {
  name: string;
  isDemo: boolean;
  details: string;
  status: ReactNode;
  job: ReactNode;
  actions: ReactNode;
}

function EcosystemCard({ name, isDemo, details, status, job, actions }: CardProps) {
  const t = useT();
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600} className="wrap-anywhere">{name}</Text>
            {isDemo && <Badge variant="light" size="sm">{t('ecosystems.demo')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed" className="wrap-anywhere">{details}</Text>
          <div>{status}</div>
          {job}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}
