/**
 * One ecosystem in the manage-ecosystems table, with its actions menu: edit, programs,
 * breadcrumbs and, for platform admins, archive or unarchive and create or delete demo data (with
 * the job's progress).
 */
import { ActionIcon, Badge, Menu, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameCell } from '../../components/NameCell';
import { useT } from '../../i18n/terms';
import { displayError } from '../../relay/errors';
import { breadcrumbsPath, programsPath } from '../../router/paths';
import type { EcosystemRow_ecosystem$key } from './__generated__/EcosystemRow_ecosystem.graphql';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import { DemoDataDialog } from './DemoDataDialog';
import { DemoJobStatus } from './DemoJobStatus';
import { EcosystemFormDialog } from './EcosystemFormDialog';
import { useActiveRecentJob } from './useRecentJob';
import { useArchiveEcosystemMutation } from './useArchiveEcosystemMutation';
import { useDeleteEcosystemDemoDataMutation } from './useDeleteEcosystemDemoDataMutation';
import { useUnArchiveEcosystemMutation } from './useUnArchiveEcosystemMutation';

type Dialog = 'edit' | 'archive' | 'createDemo' | 'deleteDemo' | null;

interface Props {
  ecosystemRef: EcosystemRow_ecosystem$key;
  /** Archiving and demo data are platform admins' actions; others do not see them. */
  platformAdmin: boolean;
  onJobSettled: () => void;
}

export function EcosystemRow({ ecosystemRef, platformAdmin, onJobSettled }: Props) {
  const t = useT();
  const ecosystem = useFragment(graphql`
    fragment EcosystemRow_ecosystem on Ecosystem {
      id
      name
      shortName
      type
      organizationType
      archived
      isDemoEcosystem
      ...EcosystemFormDialog_ecosystem
    }
  `, ecosystemRef);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialogs open from the actions menu, whose items are gone when they close: focus goes back here.
  const actionsRef = useRef<HTMLButtonElement>(null);
  // The job started here, else a job that was already running when the page loaded.
  const [startedJob, setJob] = useState<DemoJobStatus_job$key | null>(null);
  const runningJob = useActiveRecentJob(ecosystem.id, platformAdmin);
  const job = startedJob ?? runningJob;
  const [archive, archiving] = useArchiveEcosystemMutation();
  const [unarchive, unarchiving] = useUnArchiveEcosystemMutation();
  const [deleteDemo, deleting] = useDeleteEcosystemDemoDataMutation();
  const close = () => setDialog(null);
  const fail = (error: unknown) => notifications.show({ color: 'red', message: displayError(error) });

  const toggleArchived = async () => {
    try {
      if (ecosystem.archived) await unarchive(ecosystem.id);
      else await archive(ecosystem.id);
      notifications.show({ color: 'teal', message: t(ecosystem.archived ? 'ecosystems.unarchived' : 'ecosystems.archived', { name: ecosystem.name }) });
    } catch (error) {
      fail(error);
    }
    close();
  };

  const startDeleteDemo = async () => {
    try {
      const { deleteEcosystemDemoData } = await deleteDemo({ variables: { ecosystemId: ecosystem.id } });
      setJob(deleteEcosystemDemoData);
      notifications.show({ message: t('demo.started') });
    } catch (error) {
      fail(error);
    }
    close();
  };

  return (
    <Table.Tr>
      <NameCell name={ecosystem.name} isDemo={ecosystem.isDemoEcosystem}>
        {job && <DemoJobStatus jobRef={job} ecosystemId={ecosystem.id} ecosystemName={ecosystem.name} onSettled={onJobSettled} />}
      </NameCell>
      <Table.Td>{ecosystem.shortName}</Table.Td>
      <Table.Td>{ecosystem.type === 'MARKETPLACE' ? t('ecosystems.type.MARKETPLACE') : t('ecosystems.type.ECOSYSTEM')}</Table.Td>
      <Table.Td>
        <Badge color={ecosystem.archived ? 'gray' : 'teal'} variant="light">
          {ecosystem.archived ? t('common.archived') : t('common.active')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon ref={actionsRef} variant="subtle" aria-label={t('common.actionsFor', { name: ecosystem.name })}>
              <span aria-hidden="true">⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog('edit')}>{t('ecosystems.edit')}</Menu.Item>
            <Menu.Item component={Link} to={programsPath(ecosystem.id)}>{t('ecosystems.programs')}</Menu.Item>
            <Menu.Item component={Link} to={breadcrumbsPath(ecosystem.id)}>{t('ecosystems.breadcrumbs')}</Menu.Item>
            {platformAdmin && (
              <>
                <Menu.Item onClick={() => setDialog('archive')}>{ecosystem.archived ? t('ecosystems.unarchive') : t('ecosystems.archive')}</Menu.Item>
                <Menu.Divider />
                <Menu.Item onClick={() => setDialog('createDemo')}>{t('demo.create')}</Menu.Item>
                <Menu.Item color="red" onClick={() => setDialog('deleteDemo')}>{t('demo.delete')}</Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
        <EcosystemFormDialog opened={dialog === 'edit'} onClose={close} ecosystemRef={ecosystem} returnFocusRef={actionsRef} />
        <ConfirmDialog opened={dialog === 'archive'} onClose={close} onConfirm={toggleArchived} loading={archiving || unarchiving}
          returnFocusRef={actionsRef}
          title={t(ecosystem.archived ? 'ecosystems.unarchiveTitle' : 'ecosystems.archiveTitle', { name: ecosystem.name })}
          text={ecosystem.archived ? undefined : t('ecosystems.archiveText')}
          confirmLabel={ecosystem.archived ? t('ecosystems.unarchive') : t('ecosystems.archive')} destructive={!ecosystem.archived} />
        <DemoDataDialog opened={dialog === 'createDemo'} onClose={close} ecosystemId={ecosystem.id} ecosystemName={ecosystem.name}
          returnFocusRef={actionsRef}
          onStarted={(started) => { setJob(started); notifications.show({ message: t('demo.started') }); }} />
        <ConfirmDialog opened={dialog === 'deleteDemo'} onClose={close} onConfirm={startDeleteDemo} loading={deleting} destructive
          returnFocusRef={actionsRef}
          title={t('demo.deleteTitle', { name: ecosystem.name })} text={t('demo.deleteText')} confirmLabel={t('demo.delete')} />
      </Table.Td>
    </Table.Tr>
  );
}
