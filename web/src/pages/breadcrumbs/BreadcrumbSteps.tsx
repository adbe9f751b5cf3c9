/** The steps of one job run, oldest first, under the same filter as the trail around them: a table, or on a phone a list of cards. */
import { Button, Stack, Table } from '@mantine/core';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { useAuditT } from './AuditWords';
import type { BreadcrumbStepsQuery } from './__generated__/BreadcrumbStepsQuery.graphql';
import type { BreadcrumbSteps_query$key } from './__generated__/BreadcrumbSteps_query.graphql';
import type { BreadcrumbStepsPaginationQuery } from './__generated__/BreadcrumbStepsPaginationQuery.graphql';
import { BreadcrumbCard } from './BreadcrumbCard';
import { BreadcrumbCells } from './BreadcrumbCells';
import type { ServerFilter } from './filters';

const PAGE_SIZE = 100;

export type StepsLayout = 'row' | 'card';

interface Props {
  ecosystemId: string;
  filter: ServerFilter & { runId: string };
  caption: string;
  layout: StepsLayout;
}

export function BreadcrumbSteps({ ecosystemId, filter, caption, layout }: Props) {
  const data = useLazyLoadQuery<BreadcrumbStepsQuery>(graphql`
    query BreadcrumbStepsQuery($ecosystemId: ID!, $filter: BreadcrumbFilter) {
      ...BreadcrumbSteps_query @arguments(ecosystemId: $ecosystemId, filter: $filter)
    }
  `, { ecosystemId, filter });
  return <StepList queryRef={data} caption={caption} layout={layout} />;
}

function StepList({ queryRef, caption, layout }: { queryRef: BreadcrumbSteps_query$key; caption: string; layout: StepsLayout }) {
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
  const { edges } = data.getEcosystemBreadcrumbs;
  return (
    <Stack gap="xs">
      {layout === 'card' ? (
        <Stack component="ul" gap="xs" aria-label={caption} className="card-list">
          {edges.map(({ node }) => <BreadcrumbCard key={node.id} breadcrumbRef={node} nested />)}
        </Stack>
      ) : (
        <Table aria-label={caption}>
          <Table.Tbody>
            {edges.map(({ node }) => <Table.Tr key={node.id}><BreadcrumbCells breadcrumbRef={node} /></Table.Tr>)}
          </Table.Tbody>
        </Table>
      )}
      {hasNext && (
        <Button variant="default" size="xs" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('breadcrumbs.loadMore')}</Button>
      )}
    </Stack>
  );
}
