/**
 * One entry of the trail: a single action, or a background job's run shown as one row ("Demo data
 * created · 12 steps") that expands to its steps, loaded when asked for. A table row, or on a
 * phone a card whose steps open inside it.
 */
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useAuditT } from './AuditWords';
import type { BreadcrumbRow_entry$key } from './__generated__/BreadcrumbRow_entry.graphql';
import { BreadcrumbCard } from './BreadcrumbCard';
import { BreadcrumbCells } from './BreadcrumbCells';
import { BreadcrumbSteps, type StepsLayout } from './BreadcrumbSteps';
import { runLabel } from './describe';
import type { ServerFilter } from './filters';

export const COLUMNS = 5;

interface ToggleProps {
  action: string;
  count: number;
  open: boolean;
  controls: string;
  onToggle: () => void;
}

/**
 * What the run did, and the button that shows its steps. The button's name is its visible text
 * ("15 steps") followed by what they are steps of, for a screen reader's list of buttons; whether
 * they show is its aria-expanded, so the name stays the one a voice user reads off the screen.
 */
function RunToggle({ action, count, open, controls, onToggle }: ToggleProps) {
  const t = useAuditT();
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>{action}</Text>
      <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={controls} onClick={onToggle}
        leftSection={<span aria-hidden="true">{open ? '▾' : '▸'}</span>}>
        {t('breadcrumbs.run.steps', { count })}{' '}<VisuallyHidden component="span">{t('breadcrumbs.run.ofAction', { action })}</VisuallyHidden>
      </Button>
    </Stack>
  );
}

export function BreadcrumbRow({ entryRef, ecosystemId, filter, layout }: {
  entryRef: BreadcrumbRow_entry$key; ecosystemId: string; filter: ServerFilter; layout: StepsLayout;
}) {
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
  if (!run) return layout === 'card' ? <BreadcrumbCard breadcrumbRef={entry.head} /> : <Table.Tr><BreadcrumbCells breadcrumbRef={entry.head} /></Table.Tr>;
  const action = t(runLabel(run));
  const toggle = <RunToggle action={action} count={entry.stepCount} open={open} controls={stepsId} onToggle={() => setOpen((o) => !o)} />;
  const steps = open && (
    <Suspense fallback={<Text size="sm" role="status">{t('breadcrumbs.run.loadingSteps')}</Text>}>
      <BreadcrumbSteps ecosystemId={ecosystemId} filter={{ ...filter, runId: run.runId }} caption={t('breadcrumbs.run.stepsOf', { action })}
        layout={layout} />
    </Suspense>
  );
  if (layout === 'card') {
    return <BreadcrumbCard breadcrumbRef={entry.head} action={toggle}>{steps && <div id={stepsId}>{steps}</div>}</BreadcrumbCard>;
  }
  return (
    <>
      <Table.Tr><BreadcrumbCells breadcrumbRef={entry.head} action={toggle} /></Table.Tr>
      {steps && (
        <Table.Tr id={stepsId}>
          <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-0)">{steps}</Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
