/**
 * One event as a card, for a phone (below 40em, components/responsive.ts): what happened first,
 * then when, who, on what and the values it set, each under its column's name, so nothing needs
 * a table scrolled sideways.
 */
import { Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuditT } from './AuditWords';
import type { BreadcrumbCells_breadcrumb$key } from './__generated__/BreadcrumbCells_breadcrumb.graphql';
import { AuditTime, Details, Unreadable, useCrumb } from './BreadcrumbCells';

interface Props {
  breadcrumbRef: BreadcrumbCells_breadcrumb$key;
  /** Replaces the event's own label (a job run says what the whole run did, with its steps' toggle). */
  action?: ReactNode;
  /** Below the facts: a job run's steps. */
  children?: ReactNode;
  /** A step inside a run's card: no border of its own. */
  nested?: boolean;
}

export function BreadcrumbCard({ breadcrumbRef, action, children, nested = false }: Props) {
  const t = useAuditT();
  const { occurredAt, words } = useCrumb(breadcrumbRef);
  const target = [words.targetKind, words.target].filter(Boolean).join(' · ');
  return (
    <Card component="li" withBorder padding="sm" bg={nested ? 'var(--mantine-color-gray-0)' : undefined}>
      <Stack gap={6}>
        {action ?? <Text fw={600}>{words.action}</Text>}
        <Unreadable words={words} />
        <dl className="crumb-facts">
          <dt>{t('breadcrumbs.column.time')}</dt>
          <dd><AuditTime iso={occurredAt} /></dd>
          <dt>{t('breadcrumbs.column.actor')}</dt>
          <dd className="wrap-anywhere">{words.actor} <Text span size="xs" c="dimmed">({words.role})</Text></dd>
          <dt>{t('breadcrumbs.column.target')}</dt>
          <dd className="wrap-anywhere">{target}</dd>
          {words.details.length > 0 && (
            <>
              <dt>{t('breadcrumbs.column.details')}</dt>
              <dd><Details details={words.details} /></dd>
            </>
          )}
        </dl>
        {children}
      </Stack>
    </Card>
  );
}
