/** A table row's header cell: the name in bold, with the Demo badge when it is demo data. */
import { Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/terms';

export function NameCell({ name, isDemo, children }: { name: string; isDemo: boolean; children?: ReactNode }) {
  const t = useT();
  return (
    <Table.Th scope="row">
      <Group gap="xs">
        <Text fw={600} size="sm">{name}</Text>
        {isDemo && <Badge variant="light" size="sm">{t('ecosystems.demo')}</Badge>}
      </Group>
      {children}
    </Table.Th>
  );
}
