/** The cells of one event: when (to the second, with the zone), who and in what role, what, on what, and the values it set. */
import { Code, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { LOCALES, useLocale } from '../../i18n/locale';
import { useAuditT } from './AuditWords';
import type { BreadcrumbCells_breadcrumb$key } from './__generated__/BreadcrumbCells_breadcrumb.graphql';
import { MAX_CHANGES } from './describe';
import { formatAuditTime } from './time';
import { wordsOf } from './words';

export function AuditTime({ iso }: { iso: string }) {
  const t = useAuditT();
  const { locale } = useLocale();
  return <time dateTime={iso} title={t('breadcrumbs.time', { time: Date.parse(iso) })}>{formatAuditTime(iso, LOCALES[locale].tag)}</time>;
}

/** `action` replaces the event's own label (a job run's row says what the whole run did). */
export function BreadcrumbCells({ breadcrumbRef, action }: { breadcrumbRef: BreadcrumbCells_breadcrumb$key; action?: ReactNode }) {
  const t = useAuditT();
  const crumb = useFragment(graphql`
    fragment BreadcrumbCells_breadcrumb on Breadcrumb {
      eventType
      summary
      occurredAt
      actorName
      actorRole
      targetType
      targetName
      changes
    }
  `, breadcrumbRef);
  const words = wordsOf(crumb, t);
  return (
    <>
      <Table.Td miw={120}><AuditTime iso={crumb.occurredAt} /></Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{words.actor}</Text>
          <Text size="xs" c="dimmed">{words.role}</Text>
        </Stack>
      </Table.Td>
      <Table.Td>{action ?? words.action}</Table.Td>
      <Table.Td>
        {words.targetKind}
        {words.target && <Text size="sm" fw={500}>{words.target}</Text>}
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {words.details.slice(0, MAX_CHANGES).map(({ field, value }) => (
            <Text key={field} size="sm" component="span"><Code>{field}</Code> {value}</Text>
          ))}
          {words.details.length > MAX_CHANGES && (
            <Text size="sm" c="dimmed" component="span">{t('breadcrumbs.more', { count: words.details.length - MAX_CHANGES })}</Text>
          )}
        </Group>
      </Table.Td>
    </>
  );
}
