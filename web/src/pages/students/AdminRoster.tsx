/**
 * The ecosystem's roster for its admin (decision 0049): filters by role and status and a search,
 * one page of people as a table or (on a phone) cards, a selection, archiving the selection or
 * changing its roles (for everyone matching: the number shown first, then the job's progress), each
 * person's actions menu, and the CSV export of the same filters.
 */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { Suspense, useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { AdminUserMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import type { AdminRosterQuery, RosterRoleFilter, MembershipStatus } from './__generated__/AdminRosterQuery.graphql';
import { RosterEntry } from './RosterEntry';
import { downloadExport } from '../../components/downloadExport';
import { useArchiveUsersMutation } from './useArchiveUsersMutation';
import { ArchiveAll } from './ArchiveAll';
import { RolesAll, WRAP } from './RolesAll';
import { RolesDialog } from './RolesForm';
import { roleLabel, statusLabel } from './words';

const ROLES: RosterRoleFilter[] = ['TUTEE', 'LEADER', 'PARENT', 'TEACHER', 'STAFF', 'MEMBER', 'PROGRAM_ADMIN', 'SUPER_ADMIN'];
const STATUSES: MembershipStatus[] = ['ACTIVATED', 'INVITED', 'APPLIED', 'ARCHIVED'];

interface Filters { roles: RosterRoleFilter[] | null; statuses: MembershipStatus[] | null; searchTerm: string | null }

function People({ ecosystemId, filters, fetchKey, selected, onToggle, onChanged }: {
  ecosystemId: string; filters: Filters; fetchKey: number; selected: Set<string>; onToggle: (id: string) => void; onChanged: () => void;
}) {
  const t = useT();
  const phone = usePhoneLayout();
  const data = useLazyLoadQuery<AdminRosterQuery>(graphql`
    query AdminRosterQuery($ecosystemId: ID, $filters: UserRosterFilters) {
      getUserRoster(ecosystemId: $ecosystemId, selectedFilters: $filters, first: 50) {
        edges { node { userId ...RosterEntry_entry } }
      }
    }
  `, { ecosystemId, filters }, { fetchKey, fetchPolicy: 'network-only' });
  const edges = data.getUserRoster.edges;
  if (edges.length === 0) return <Text role="status">{t('students.empty')}</Text>;
  return (
    <RowsOrCards label={t('students.roster')} cards={phone} minWidth={720}
      columns={[t('students.column.select'), t('students.column.name'), t('students.column.email'), t('students.column.roles'), t('students.column.status'), t('adminUsers.column.actions')]}>
      {edges.map(({ node }) => (
        <RosterEntry key={node.userId} entryRef={node} layout={phone ? 'card' : 'row'}
          selected={selected.has(node.userId)} onToggle={() => onToggle(node.userId)} ecosystemId={ecosystemId} onChanged={onChanged} />
      ))}
    </RowsOrCards>
  );
}

function AdminRosterContent({ ecosystemId }: { ecosystemId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [filters, setFilters] = useState<Filters>({ roles: null, statuses: null, searchTerm: null });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [changingRoles, setChangingRoles] = useState(false);
  const [fetchKey, setFetchKey] = useState(0);
  const [archive, archiving] = useArchiveUsersMutation();

  const reload = () => { setSelected(new Set()); setFetchKey((k) => k + 1); };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setFilters({ roles: role ? [role as RosterRoleFilter] : null, statuses: status ? [status as MembershipStatus] : null, searchTerm: term.trim() || null });
  };
  const toggle = (id: string) => setSelected((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const runArchive = async () => {
    try {
      const changed = await archive(ecosystemId, [...selected]);
      showToast({ color: 'teal', message: t('students.archived', { count: changed }) });
      setSelected(new Set());
      setConfirming(false);
      setFetchKey((k) => k + 1);
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };
  const exportCsv = () => downloadExport('user-roster.csv', ecosystemId, { ...filters }).catch((error: unknown) => showToast({ color: 'red', message: errorText(error) }));

  return (
    <Stack gap="sm">
      <form onSubmit={apply} aria-label={t('students.filters')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select label={t('students.filter.role')} placeholder={t('students.filter.any')} clearable value={role} onChange={setRole}
            data={ROLES.map((r) => ({ value: r, label: t(roleLabel(r)) }))} w={200} />
          <Select label={t('students.filter.status')} placeholder={t('students.filter.any')} clearable value={status} onChange={setStatus}
            data={STATUSES.map((s) => ({ value: s, label: t(statusLabel(s)) }))} w={200} />
          <TextInput label={t('students.filter.search')} value={term} onChange={(e) => setTerm(e.currentTarget.value)} w={220} />
          <Button type="submit" variant="default">{t('students.filter.apply')}</Button>
        </Group>
      </form>
      <Group gap="sm">
        <Button color="red" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
          {t('students.archiveSelected', { count: selected.size })}
        </Button>
        <Button variant="default" h="auto" py={6} styles={WRAP} disabled={selected.size === 0} onClick={() => setChangingRoles(true)}>
          {t('adminUsers.roles.selected', { count: selected.size })}
        </Button>
        <Button variant="default" onClick={() => void exportCsv()}>{t('students.export')}</Button>
      </Group>
      <ArchiveAll ecosystemId={ecosystemId} filters={filters} onDone={reload} />
      <RolesAll ecosystemId={ecosystemId} filters={filters} onDone={reload} />
      <Suspense fallback={<Text>{t('students.loading')}</Text>}>
        <People ecosystemId={ecosystemId} filters={filters} fetchKey={fetchKey} selected={selected} onToggle={toggle} onChanged={() => setFetchKey((k) => k + 1)} />
      </Suspense>
      <ConfirmDialog opened={confirming} onClose={() => setConfirming(false)} destructive loading={archiving}
        title={t('students.confirm.title', { count: selected.size })} text={t('students.confirm.text')}
        confirmLabel={t('students.confirm.archive', { count: selected.size })} onConfirm={() => void runArchive()} />
      <RolesDialog ecosystemId={ecosystemId} userIds={[...selected]} title={t('adminUsers.roles.titleSelected', { count: selected.size })}
        opened={changingRoles} onClose={() => setChangingRoles(false)} onChanged={reload} />
    </Stack>
  );
}


/** The roster brings the words of its actions' dialogs with it (i18n/adminUsers.en.ts). */
export function AdminRoster({ ecosystemId }: { ecosystemId: string }) {
  return <AdminUserMessages><AdminRosterContent ecosystemId={ecosystemId} /></AdminUserMessages>;
}
