/**
 * The actions menu of one ecosystem: edit, programs, breadcrumbs, archive or unarchive, and demo
 * data: "Create" only when it has none, "Delete" only when it has some, neither while a job runs
 * nor while it is archived (jobState.ts).
 */
import { Menu } from '@mantine/core';
import { ActionsMenu } from '../../components/ActionsMenu';
import { showToast } from '../../components/toast';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { breadcrumbsPath, programsPath } from '../../router/paths';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import type { EcosystemActions_ecosystem$key } from './__generated__/EcosystemActions_ecosystem.graphql';
import { DemoDataDialog } from './DemoDataDialog';
import { EcosystemFormDialog } from './EcosystemFormDialog';
import { demoActions } from './jobState';
import { useArchiveEcosystemMutation } from './useArchiveEcosystemMutation';
import { useDeleteEcosystemDemoDataMutation } from './useDeleteEcosystemDemoDataMutation';
import { useUnArchiveEcosystemMutation } from './useUnArchiveEcosystemMutation';

type Dialog = 'edit' | 'archive' | 'createDemo' | 'deleteDemo' | null;

interface Props {
  ecosystemRef: EcosystemActions_ecosystem$key;
  jobRunning: boolean;
  onJobStarted: (job: DemoJobStatus_job$key) => void;
}

/** Archive or unarchive, and delete demo data: each reports its outcome in a toast, then closes its dialog. */
function useEcosystemCommands(ecosystem: { id: string; name: string; archived: boolean }, done: () => void, started: (job: DemoJobStatus_job$key) => void) {
  const t = useT();
  const errorText = useErrorText();
  const [archive, archiving] = useArchiveEcosystemMutation();
  const [unarchive, unarchiving] = useUnArchiveEcosystemMutation();
  const [deleteDemo, deleting] = useDeleteEcosystemDemoDataMutation();
  const fail = (error: unknown) => showToast({ color: 'red', message: errorText(error) });

  const toggleArchived = async () => {
    try {
      if (ecosystem.archived) await unarchive(ecosystem.id);
      else await archive(ecosystem.id);
      showToast({ color: 'teal', message: t(ecosystem.archived ? 'ecosystems.unarchived' : 'ecosystems.archived', { name: ecosystem.name }) });
    } catch (error) {
      fail(error);
    }
    done();
  };

  const startDeleteDemo = async () => {
    try {
      started((await deleteDemo({ variables: { ecosystemId: ecosystem.id } })).deleteEcosystemDemoData);
    } catch (error) {
      fail(error);
    }
    done();
  };

  return { toggleArchived, archiving: archiving || unarchiving, startDeleteDemo, deleting };
}

export function EcosystemActions({ ecosystemRef, jobRunning, onJobStarted }: Props) {
  const t = useT();
  const ecosystem = useFragment(graphql`
    fragment EcosystemActions_ecosystem on Ecosystem {
      id
      name
      archived
      demoDataStatus
      ...EcosystemFormDialog_ecosystem
    }
  `, ecosystemRef);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialogs open from the menu, whose items are gone when they close: focus goes back here.
  const actionsRef = useRef<HTMLButtonElement>(null);
  const close = () => setDialog(null);
  const started = (job: DemoJobStatus_job$key) => {
    onJobStarted(job);
    showToast({ message: t('demo.started') });
  };
  const { toggleArchived, archiving, startDeleteDemo, deleting } = useEcosystemCommands(ecosystem, close, started);
  const demo = demoActions(ecosystem, jobRunning);
  return (
    <>
      <ActionsMenu name={ecosystem.name} targetRef={actionsRef}>
        <Menu.Item onClick={() => setDialog('edit')}>{t('ecosystems.edit')}</Menu.Item>
        <Menu.Item component={Link} to={programsPath(ecosystem.id)}>{t('ecosystems.programs')}</Menu.Item>
        <Menu.Item component={Link} to={breadcrumbsPath(ecosystem.id)}>{t('ecosystems.breadcrumbs')}</Menu.Item>
        <Menu.Item onClick={() => setDialog('archive')}>{ecosystem.archived ? t('ecosystems.unarchive') : t('ecosystems.archive')}</Menu.Item>
        {demo.create && <Menu.Item onClick={() => setDialog('createDemo')}>{t('demo.create')}</Menu.Item>}
        {demo.delete && <Menu.Item color="red" onClick={() => setDialog('deleteDemo')}>{t('demo.delete')}</Menu.Item>}
      </ActionsMenu>
      <EcosystemFormDialog opened={dialog === 'edit'} onClose={close} ecosystemRef={ecosystem} returnFocusRef={actionsRef} />
      <ConfirmDialog opened={dialog === 'archive'} onClose={close} onConfirm={toggleArchived} loading={archiving}
        returnFocusRef={actionsRef} closeLabel={t('common.cancel')}
        title={t(ecosystem.archived ? 'ecosystems.unarchiveTitle' : 'ecosystems.archiveTitle', { name: ecosystem.name })}
        text={ecosystem.archived ? undefined : t('ecosystems.archiveText')}
        confirmLabel={ecosystem.archived ? t('ecosystems.unarchive') : t('ecosystems.archive')} destructive={!ecosystem.archived} />
      <DemoDataDialog opened={dialog === 'createDemo'} onClose={close} ecosystemId={ecosystem.id} ecosystemName={ecosystem.name}
        returnFocusRef={actionsRef} onStarted={started} />
      <ConfirmDialog opened={dialog === 'deleteDemo'} onClose={close} onConfirm={startDeleteDemo} loading={deleting} destructive
        returnFocusRef={actionsRef} closeLabel={t('common.cancel')}
        title={t('demo.deleteTitle', { name: ecosystem.name })} text={t('demo.deleteText')} confirmLabel={t('demo.delete')} />
    </>
  );
}
