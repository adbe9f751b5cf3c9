/** One audit entry: when, who, what (in the interface language), on what, and the values it set. */
import { Code, Group, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useT } from '../../i18n/terms';
import type { BreadcrumbRow_breadcrumb$key } from './__generated__/BreadcrumbRow_breadcrumb.graphql';
import { changedValues, eventLabel, MAX_CHANGES, targetLabel, type ChangeValue } from './describe';

export function BreadcrumbRow({ breadcrumbRef }: { breadcrumbRef: BreadcrumbRow_breadcrumb$key }) {
  const t = useT();
  const crumb = useFragment(graphql`
    fragment BreadcrumbRow_breadcrumb on Breadcrumb {
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
  const label = eventLabel(crumb.eventType, crumb.changes);
  const target = targetLabel(crumb.targetType);
  const values = changedValues(crumb.changes);
  const show = (value: ChangeValue) => (typeof value === 'boolean' ? t(value ? 'common.yes' : 'common.no') : String(value ?? '—'));

  return (
    <Table.Tr>
      <Table.Td>
        <time dateTime={crumb.occurredAt}>{t('breadcrumbs.time', { time: Date.parse(crumb.occurredAt) })}</time>
      </Table.Td>
      <Table.Td>{crumb.actorName ?? t('breadcrumbs.system')}</Table.Td>
      <Table.Td>{label ? t(label) : crumb.summary}</Table.Td>
      <Table.Td>
        {target ? t(target) : crumb.targetType}
        {crumb.targetName && <Text size="sm" fw={500}>{crumb.targetName}</Text>}
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {values.slice(0, MAX_CHANGES).map(([field, value]) => (
            <Text key={field} size="sm" component="span"><Code>{field}</Code> {show(value)}</Text>
          ))}
          {values.length > MAX_CHANGES && <Text size="sm" c="dimmed" component="span">{t('breadcrumbs.more', { count: values.length - MAX_CHANGES })}</Text>}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
