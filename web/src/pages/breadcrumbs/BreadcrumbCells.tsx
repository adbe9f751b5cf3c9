/**
 * One event of the trail in the reader's words: when (to the second, with the zone), who and in
 * what role, what, on what, and the values it set; as the cells of a table row, or (on a phone)
 * as a card's facts (BreadcrumbCard.tsx), from the same fragment.
 */
import { Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useAuditReader, useAuditT } from './AuditWords';
import type { BreadcrumbCells_breadcrumb$key } from './__generated__/BreadcrumbCells_breadcrumb.graphql';
import { MAX_CHANGES } from './describe';
import { formatAuditTime } from './time';
import { wordsOf, type CrumbWords } from './words';

export function AuditTime({ iso }: { iso: string }) {
  const { t, localeTag } = useAuditReader();
  const text = formatAuditTime(iso, localeTag);
  // A narrow column may wrap the time, never inside its zone ("UTC-5" is one word, hyphen and all).
  const zoneAt = text.lastIndexOf(' ');
  return (
    <time dateTime={iso} title={t('breadcrumbs.time', { time: Date.parse(iso) })}>
      {text.slice(0, zoneAt + 1)}<span className="nowrap">{text.slice(zoneAt + 1)}</span>
    </time>
  );
}

/** The event behind a row or card, and how it reads. */
export function useCrumb(breadcrumbRef: BreadcrumbCells_breadcrumb$key): { occurredAt: string; words: CrumbWords } {
  const reader = useAuditReader();
  const crumb = useFragment(graphql`
    fragment BreadcrumbCells_breadcrumb on Breadcrumb {
      eventType
      summary
      occurredAt
      actorUserId
      actorName
      actorRole
      targetType
      targetName
      changes
      unreadable
    }
  `, breadcrumbRef);
  return { occurredAt: crumb.occurredAt, words: wordsOf(crumb, reader) };
}

/** The first few values the event set, one a line, and how many more there are. */
export function Details({ details }: { details: CrumbWords['details'] }) {
  const t = useAuditT();
  if (details.length === 0) return null;
  return (
    <Stack gap={2} className="wrap-anywhere">
      {details.slice(0, MAX_CHANGES).map(({ field, value }) => (
        <Text key={field} size="sm"><Code>{field}</Code> {value}</Text>
      ))}
      {details.length > MAX_CHANGES && (
        <Text size="sm" c="dimmed">{t('breadcrumbs.more', { count: details.length - MAX_CHANGES })}</Text>
      )}
    </Stack>
  );
}

/** An event the platform could not read says so, and why, under what it was (decision 0016). */
export function Unreadable({ words }: { words: CrumbWords }) {
  return words.unreadable ? <Text size="xs" c="red.9" className="wrap-anywhere">{words.unreadable}</Text> : null;
}

/** `action` replaces the event's own label (a job run's row says what the whole run did). */
export function BreadcrumbCells({ breadcrumbRef, action }: { breadcrumbRef: BreadcrumbCells_breadcrumb$key; action?: ReactNode }) {
  const { occurredAt, words } = useCrumb(breadcrumbRef);
  return (
    <>
      <Table.Td miw={110}><AuditTime iso={occurredAt} /></Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" className="wrap-anywhere">{words.actor}</Text>
          <Text size="xs" c="dimmed">{words.role}</Text>
        </Stack>
      </Table.Td>
      <Table.Td>{action ?? words.action}<Unreadable words={words} /></Table.Td>
      <Table.Td>
        {words.targetKind}
        {words.target && <Text size="sm" fw={500} className="wrap-anywhere">{words.target}</Text>}
      </Table.Td>
      <Table.Td><Details details={words.details} /></Table.Td>
    </>
  );
}
