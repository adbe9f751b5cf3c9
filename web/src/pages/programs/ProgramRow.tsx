/**
 * One program of an ecosystem, as a table row or (on a phone) a card, with rename, its session
 * settings page (decision 0070) and archive or unarchive.
 */
import { Badge, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { ActionsMenu } from '../../components/ActionsMenu';
import { showToast } from '../../components/toast';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameCell } from '../../components/NameCell';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { useAreaPaths } from '../../router/paths';
import type { ProgramRow_program$data, ProgramRow_program$key } from './__generated__/ProgramRow_program.graphql';
import { ProgramFormDialog } from './ProgramFormDialog';
import { useArchiveProgramMutation } from './useArchiveProgramMutation';
import { useUnArchiveProgramMutation } from './useUnArchiveProgramMutation';

interface Props {
  programRef: ProgramRow_program$key;
  editable: boolean;
  layout: 'row' | 'card';
}

export function ProgramRow({ programRef, editable, layout }: Props) {
  const t = useT();
  const program = useFragment(graphql`
    fragment ProgramRow_program on Program {
      id
      ecosystemId
      name
      shortName
      archived
      isDemo
    }
  `, programRef);
  const status = (
    <Badge color={program.archived ? 'gray' : 'teal'} variant="light">
      {program.archived ? t('common.archived') : t('common.active')}
    </Badge>
  );
  const actions = editable ? <ProgramActions program={program} /> : null;
  if (layout === 'card') {
    return (
      <Card component="li" withBorder padding="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Text fw={600} className="wrap-anywhere">{program.name}</Text>
              {program.isDemo && <Badge variant="light" size="sm">{t('ecosystems.demo')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed" className="wrap-anywhere">{program.shortName}</Text>
            <div>{status}</div>
          </Stack>
          {actions}
        </Group>
      </Card>
    );
  }
  return (
    <Table.Tr>
      <NameCell name={program.name} isDemo={program.isDemo} />
      <Table.Td>{program.shortName}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

function ProgramActions({ program }: { program: ProgramRow_program$data }) {
  const t = useT();
  const errorText = useErrorText();
  const paths = useAreaPaths();
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
      showToast({ color: 'teal', message: t(wasArchived ? 'programs.unarchived' : 'programs.archived', { name: program.name }) });
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
    close();
  };

  return (
    <>
      <ActionsMenu name={program.name} targetRef={actionsRef}>
        <Menu.Item onClick={() => setDialog('rename')}>{t('programs.edit')}</Menu.Item>
        <Menu.Item component={Link} to={paths.programSettings(program.ecosystemId, program.id)}>{t('programSettings.link')}</Menu.Item>
        <Menu.Item onClick={() => setDialog('archive')}>{program.archived ? t('programs.unarchive') : t('programs.archive')}</Menu.Item>
      </ActionsMenu>
      <ProgramFormDialog opened={dialog === 'rename'} onClose={close} returnFocusRef={actionsRef}
        target={{ kind: 'edit', programId: program.id, name: program.name, shortName: program.shortName }} />
      <ConfirmDialog opened={dialog === 'archive'} onClose={close} onConfirm={toggleArchived} loading={archiving || unarchiving}
        returnFocusRef={actionsRef} closeLabel={t('common.cancel')}
        title={t(program.archived ? 'programs.unarchiveTitle' : 'programs.archiveTitle', { name: program.name })}
        text={program.archived ? undefined : t('programs.archiveText')}
        confirmLabel={program.archived ? t('programs.unarchive') : t('programs.archive')} destructive={!program.archived} />
    </>
  );
}
