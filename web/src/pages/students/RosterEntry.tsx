/** One person of the roster, as a table row or (on a phone) a card, with a box to select them and the admin's actions menu. */
import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useT } from '../../i18n/terms';
import type { RosterEntry_entry$key } from './__generated__/RosterEntry_entry.graphql';
import { PersonActions } from './PersonActions';
import { roleLabel, statusLabel } from './words';

export function RosterEntry({ entryRef, layout, selected, onToggle, ecosystemId, onChanged }: {
  entryRef: RosterEntry_entry$key; layout: 'row' | 'card'; selected: boolean; onToggle: () => void;
  ecosystemId: string; onChanged: () => void;
}) {
  const t = useT();
  const entry = useFragment(graphql`
    fragment RosterEntry_entry on UserRosterEntry {
      userId
      firstName
      lastName
      preferredName
      email
      status
      roles
    }
  `, entryRef);
  const name = `${entry.preferredName ?? entry.firstName} ${entry.lastName}`;
  const box = <Checkbox checked={selected} onChange={onToggle} aria-label={t('students.select', { name })} />;
  const roles = entry.roles.map((r) => t(roleLabel(r))).join(', ');
  const actions = <PersonActions person={{ userId: entry.userId, name, roles: entry.roles }} ecosystemId={ecosystemId} onChanged={onChanged} />;
  const status = <Badge variant="light" color={entry.status === 'ACTIVATED' ? 'teal' : 'gray'}>{t(statusLabel(entry.status))}</Badge>;
  if (layout === 'card') {
    return (
      <Card component="li" withBorder padding="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {box}
          <Stack gap={2} miw={0} flex={1}>
            <Text fw={600} className="wrap-anywhere">{name}</Text>
            <Text size="sm" className="wrap-anywhere">{entry.email}</Text>
            <Text size="sm">{roles}</Text>
            {status}
          </Stack>
          {actions}
        </Group>
      </Card>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>{box}</Table.Td>
      <Table.Td>{name}</Table.Td>
      <Table.Td className="wrap-anywhere">{entry.email}</Table.Td>
      <Table.Td>{roles}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}
