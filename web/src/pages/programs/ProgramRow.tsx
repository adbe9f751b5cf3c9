/** One program of an ecosystem, with rename and archive or unarchive. */
import { ActionIcon, Badge, Menu, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameCell } from '../../components/NameCell';
import { useT } from '../../i18n/terms';
import { displayError } from '../../relay/errors';
import type { ProgramRow_program$key } from './__generated__/ProgramRow_program.graphql';
import { ProgramFormDialog } from './ProgramFormDialog';
import { useArchiveProgramMutation } from './useArchiveProgramMutation';
import { useUnArchiveProgramMutation } from './useUnArchiveProgramMutation';

export function ProgramRow({ programRef, editable }: { programRef: ProgramRow_program$key; editable: boolean }) {
  const t = useT();
  const program = useFragment(graphql`
    fragment ProgramRow_program on Program {
      id
      name
      shortName
      archived
      isDemo
    }
  `, programRef);
  const [dialog, setDialog] = useState<'rename' | 'archive' | null>(null);
  // The dialogs open from the actions menu, whose items are gone when they close: focus goes back here.
  const actionsRef = useRef<HTMLButtonElement>(null);
  const [archive, archiving] = useArchiveProgramMutation();
  const [unarchive, unarchiving] = useUnArchiveProgramMutation();
  const close = () => setDialog(null);

  const toggleArchived = async () => {
    const wasArchived = program.archived;
    try {
      if (wasArchived) await unarchive(program.id);
      else await archive(program.id);
      notifications.show({ color: 'teal', message: t(wasArchived ? 'programs.unarchived' : 'programs.archived', { name: program.name }) });
    } catch (error) {
      notifications.show({ color: 'red', message: displayError(error) });
    }
    close();
  };

  return (
    <Table.Tr>
      <NameCell name={program.name} isDemo={program.isDemo} />
      <Table.Td>{program.shortName}</Table.Td>
      <Table.Td>
        <Badge color={program.archived ? 'gray' : 'teal'} variant="light">
          {program.archived ? t('common.archived') : t('common.active')}
        </Badge>
      </Table.Td>
      <Table.Td>
        {editable && <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon ref={actionsRef} variant="subtle" aria-label={t('common.actionsFor', { name: program.name })}>
              <span aria-hidden="true">⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog('rename')}>{t('programs.edit')}</Menu.Item>
            <Menu.Item onClick={() => setDialog('archive')}>{program.archived ? t('programs.unarchive') : t('programs.archive')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>}
        <ProgramFormDialog opened={dialog === 'rename'} onClose={close} returnFocusRef={actionsRef}
          target={{ kind: 'edit', programId: program.id, name: program.name, shortName: program.shortName }} />
        <ConfirmDialog opened={dialog === 'archive'} onClose={close} onConfirm={toggleArchived} loading={archiving || unarchiving}
          returnFocusRef={actionsRef}
          title={t(program.archived ? 'programs.unarchiveTitle' : 'programs.archiveTitle', { name: program.name })}
          text={program.archived ? undefined : t('programs.archiveText')}
          confirmLabel={program.archived ? t('programs.unarchive') : t('programs.archive')} destructive={!program.archived} />
      </Table.Td>
    </Table.Tr>
  );
}
