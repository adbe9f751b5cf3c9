/**
 * One entry of the trail: a single action, or a background job's run shown as one row ("Demo data
 * created · 12 steps") that expands to its steps, loaded when asked for.
 */
import { Button, Stack, Table, Text } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useAuditT } from './AuditWords';
import type { BreadcrumbRow_entry$key } from './__generated__/BreadcrumbRow_entry.graphql';
import { BreadcrumbCells } from './BreadcrumbCells';
import { BreadcrumbSteps } from './BreadcrumbSteps';
import { runLabel } from './describe';
import type { ServerFilter } from './filters';

export const COLUMNS = 5;

export function BreadcrumbRow({ entryRef, ecosystemId, filter }: { entryRef: BreadcrumbRow_entry$key; ecosystemId: string; filter: ServerFilter }) {
  const t = useAuditT();
  const [open, setOpen] = useState(false);
  const stepsId = useId();
  const entry = useFragment(graphql`
    fragment BreadcrumbRow_entry on BreadcrumbEntry {
      head { ...BreadcrumbCells_breadcrumb }
      run { runId jobName status }
      stepCount
    }
  `, entryRef);
  const { run } = entry;
  if (!run) return <Table.Tr><BreadcrumbCells breadcrumbRef={entry.head} /></Table.Tr>;
  const action = t(runLabel(run));
  const toggle = (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{action}</Text>
      <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={stepsId} onClick={() => setOpen((o) => !o)}
        aria-label={open ? t('breadcrumbs.run.hide', { action }) : t('breadcrumbs.run.show', { action, count: entry.stepCount })}>
        {t('breadcrumbs.run.steps', { count: entry.stepCount })}
      </Button>
    </Stack>
  );
  return (
    <>
      <Table.Tr><BreadcrumbCells breadcrumbRef={entry.head} action={toggle} /></Table.Tr>
      {open && (
        <Table.Tr id={stepsId}>
          <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-0)">
            <Suspense fallback={<Text size="sm" role="status">{t('breadcrumbs.run.loadingSteps')}</Text>}>
              <BreadcrumbSteps ecosystemId={ecosystemId} filter={{ ...filter, runId: run.runId }} caption={t('breadcrumbs.run.stepsOf', { action })} />
            </Suspense>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
