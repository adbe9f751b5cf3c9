/** The steps of one job run, oldest first, under the same filter as the trail around them. */
import { Button, Stack, Table } from '@mantine/core';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { useAuditT } from './AuditWords';
import type { BreadcrumbStepsQuery } from './__generated__/BreadcrumbStepsQuery.graphql';
import type { BreadcrumbSteps_query$key } from './__generated__/BreadcrumbSteps_query.graphql';
import type { BreadcrumbStepsPaginationQuery } from './__generated__/BreadcrumbStepsPaginationQuery.graphql';
import { BreadcrumbCells } from './BreadcrumbCells';
import type { ServerFilter } from './filters';

const PAGE_SIZE = 100;

export function BreadcrumbSteps({ ecosystemId, filter, caption }: { ecosystemId: string; filter: ServerFilter & { runId: string }; caption: string }) {
  const data = useLazyLoadQuery<BreadcrumbStepsQuery>(graphql`
    query BreadcrumbStepsQuery($ecosystemId: ID!, $filter: BreadcrumbFilter) {
      ...BreadcrumbSteps_query @arguments(ecosystemId: $ecosystemId, filter: $filter)
    }
  `, { ecosystemId, filter });
  return <StepList queryRef={data} caption={caption} />;
}

function StepList({ queryRef, caption }: { queryRef: BreadcrumbSteps_query$key; caption: string }) {
  const t = useAuditT();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<BreadcrumbStepsPaginationQuery, BreadcrumbSteps_query$key>(graphql`
    fragment BreadcrumbSteps_query on Query
      @refetchable(queryName: "BreadcrumbStepsPaginationQuery")
      @argumentDefinitions(ecosystemId: { type: "ID!" }, filter: { type: "BreadcrumbFilter" }, count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
      getEcosystemBreadcrumbs(ecosystemId: $ecosystemId, filter: $filter, first: $count, after: $cursor)
        @connection(key: "BreadcrumbSteps_getEcosystemBreadcrumbs", filters: ["ecosystemId", "filter"]) {
        edges { node { id ...BreadcrumbCells_breadcrumb } }
      }
    }
  `, queryRef);
  return (
    <Stack gap="xs">
      <Table aria-label={caption}>
        <Table.Tbody>
          {data.getEcosystemBreadcrumbs.edges.map(({ node }) => <Table.Tr key={node.id}><BreadcrumbCells breadcrumbRef={node} /></Table.Tr>)}
        </Table.Tbody>
      </Table>
      {hasNext && (
        <Button variant="default" size="xs" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('breadcrumbs.loadMore')}</Button>
      )}
    </Stack>
  );
}
