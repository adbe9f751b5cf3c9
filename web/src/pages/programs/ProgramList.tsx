/**
 * An ecosystem's programs, archived ones included, a page at a time, with the add-program dialog:
 * a table, or on a phone a list of cards (components/responsive.ts).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { useT } from '../../i18n/terms';
import type { ProgramList_ecosystem$key } from './__generated__/ProgramList_ecosystem.graphql';
import type { ProgramListPaginationQuery } from './__generated__/ProgramListPaginationQuery.graphql';
import type { ProgramAccess } from './access';
import { ProgramFormDialog } from './ProgramFormDialog';
import { ProgramRow } from './ProgramRow';

const PAGE_SIZE = 20;

export function ProgramList({ ecosystemRef, access }: { ecosystemRef: ProgramList_ecosystem$key; access: ProgramAccess }) {
  const t = useT();
  const phone = usePhoneLayout();
  const [adding, setAdding] = useState(false);
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<ProgramListPaginationQuery, ProgramList_ecosystem$key>(graphql`
    fragment ProgramList_ecosystem on Ecosystem
      @refetchable(queryName: "ProgramListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
      id
      programs(first: $count, after: $cursor, includeArchived: true) @connection(key: "ProgramList_programs", filters: ["includeArchived"]) {
        __id
        edges {
          node {
            id
            ...ProgramRow_program
          }
        }
      }
    }
  `, ecosystemRef);
  const { edges, __id: connectionId } = data.programs;
  const rows = edges.map(({ node }) => (
    <ProgramRow key={node.id} programRef={node} editable={access.canEdit(node.id)} layout={phone ? 'card' : 'row'} />
  ));

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status">{hasNext ? null : t('programs.count', { count: edges.length })}</Text>
        {access.canCreate && <Button onClick={() => setAdding(true)}>{t('programs.create')}</Button>}
      </Group>
      {edges.length > 0 && (
        <RowsOrCards label={t('ecosystems.programs')} cards={phone} minWidth={480} columns={[
          t('programs.column.name'), t('programs.column.shortName'), t('programs.column.status'), t('common.actions'),
        ]}>
          {rows}
        </RowsOrCards>
      )}
      {hasNext && (
        <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('ecosystems.loadMore')}
        </Button>
      )}
      <ProgramFormDialog opened={adding} onClose={() => setAdding(false)}
        target={{ kind: 'create', ecosystemId: data.id, connections: [connectionId] }} />
    </Stack>
  );
}
