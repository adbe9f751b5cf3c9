/** The summary's filter form (decision 0060): start range, program, status, type, a term and the sort; applied on submit. */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AdminSessionsMessageId } from '../../i18n/adminSessions.en';
import { useT } from '../../i18n/terms';
import type { AdminSessionFilters, AdminSessionSort, SessionStatus, SessionType } from './__generated__/SessionSummaryListQuery.graphql';

const STATUSES: SessionStatus[] = ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED'];
const TYPES: SessionType[] = ['ONE_ON_ONE', 'GROUP', 'DROP_IN', 'ONE_ON_ONE_BREAKOUT', 'COURSE', 'MODULE'];
const SORTS: AdminSessionSort[] = ['START_DESC', 'START_ASC', 'SUBJECT', 'PROGRAM'];

/** A local date (YYYY-MM-DD) as the instant its day starts in the browser's zone. */
const dayStart = (value: string): string | null => (value ? new Date(`${value}T00:00`).toISOString() : null);

export function SessionFilters({ programs, onApply }: {
  programs: ReadonlyArray<{ id: string; name: string }>; onApply: (filters: AdminSessionFilters) => void;
}) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [program, setProgram] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<string>('START_DESC');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      from: dayStart(from), to: dayStart(to), programIds: program ? [program] : null, statuses: status ? [status as SessionStatus] : null,
      sessionTypes: type ? [type as SessionType] : null, searchTerm: term.trim() || null, sort: sort as AdminSessionSort,
    });
  };
  const any = t('adminSessions.filter.any');
  return (
    <form onSubmit={apply} aria-label={t('adminSessions.filters')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label={t('adminSessions.filter.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={200} />
        <TextInput type="date" label={t('adminSessions.filter.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} w={200} />
        <Select label={t('adminSessions.filter.program')} placeholder={any} clearable searchable value={program} onChange={setProgram}
          data={programs.map((p) => ({ value: p.id, label: p.name }))} w={220} />
        <Select label={t('adminSessions.filter.status')} placeholder={any} clearable value={status} onChange={setStatus}
          data={STATUSES.map((s) => ({ value: s, label: t(`adminSessions.status.${s}` as AdminSessionsMessageId) }))} w={200} />
        <Select label={t('adminSessions.filter.type')} placeholder={any} clearable value={type} onChange={setType}
          data={TYPES.map((s) => ({ value: s, label: t(`adminSessions.type.${s}` as AdminSessionsMessageId) }))} w={170} />
        <TextInput label={t('adminSessions.filter.search')} value={term} onChange={(e) => setTerm(e.currentTarget.value)} w={200} />
        <Select label={t('adminSessions.filter.sort')} value={sort} allowDeselect={false} onChange={(v) => setSort(v ?? 'START_DESC')}
          data={SORTS.map((s) => ({ value: s, label: t(`adminSessions.sort.${s}` as AdminSessionsMessageId) }))} w={250} />
        <Button type="submit" variant="default">{t('adminSessions.filter.apply')}</Button>
      </Group>
    </form>
  );
}
