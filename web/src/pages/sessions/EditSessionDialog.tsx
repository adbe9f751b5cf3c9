/**
 * Change a session with the booking form's own fields and checks (bookingForm.ts, BookingFields.tsx,
 * RecurrenceFields.tsx; docs/decisions/0067): subject and description, day and times (in the
 * session's own zone, named), where it happens, seats, who takes part (for those who may change
 * it) and, for all sessions of a series, how it repeats; for this one, it and the following ones
 * (the series splits there; earlier sessions and their attendance stay) or all. Only what changed
 * is sent. Half a second after a change that moves it or changes its people, the server checks the
 * edit without saving it (checkOnly) and the conflicts are shown, as the booking form shows them; a
 * save the server refuses for conflicts shows them too, and an admin may save anyway.
 */
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import { mayChangePeople, type PeopleRules } from './access';
import { ConflictList, useSettled } from './BookingChecks';
import { usePeople, type BookingContext } from './BookSessionDialog';
import { DescriptionField, PeopleFields, SeatsField, WhenFields, WhereFields, type BookingOptions } from './BookingFields';
import type { BookingDraft, BookingErrors } from './bookingForm';
import { draftOfSession, editChanges, editErrors, type EditOptions } from './editForm';
import { forProgram, type PersonChoice } from './peopleChoices';
import { RecurrenceFields } from './RecurrenceFields';
import { personName } from './names';
import { ScopeField, type DialogProps, type Scope } from './SessionDialogs';
import type { Conflict, Session } from './sessionOperations';
import type { SessionChangesInput } from './__generated__/useEditSessionMutation.graphql';
import { useEditSessionMutation } from './useEditSessionMutation';

export interface EditContext {
  sessionInterval: number;
  durations: readonly number[];
  isAdmin: boolean;
  /** Where the viewer may book: the people to choose from; null when they may not book. */
  booking: BookingContext | null;
  people: PeopleRules;
}

type Refusal = { conflicts: readonly Conflict[] } | { message: string } | null;
const MOVES: readonly (keyof SessionChangesInput)[] = ['date', 'startTime', 'endTime', 'recurrence', 'tutorIds', 'tuteeIds'];

/** The session's own people first (named even when the lists do not hold them), then the lists'. */
function withCurrent(session: Session, leaders: boolean, choices: readonly PersonChoice[]): PersonChoice[] {
  const own = session.participants.filter((p) => p.isLeader === leaders).map((p) => ({ value: p.userId, label: personName(p.user) ?? p.userId, programIds: [] }));
  return [...own, ...choices.filter((c) => !own.some((o) => o.value === c.value))];
}

function EditChecks({ session, scope, changes, paused }: { session: Session; scope: Scope; changes: SessionChangesInput | null; paused: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const [check] = useEditSessionMutation();
  const moves = changes !== null && MOVES.some((key) => changes[key] !== undefined);
  const key = moves && !paused ? JSON.stringify([scope, changes]) : null;
  const answer = useSettled<readonly Conflict[]>(key, async () =>
    (await check({ variables: { input: { sessionId: session.id, scope, changes: changes ?? {}, checkOnly: true } } })).editSessionV3.conflicts);
  if (answer.state === 'idle') return null;
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite">
      <Title order={3} size="h5">{t('sessions.conflicts.title')}</Title>
      {answer.state === 'loading' && <Text size="sm">{t('common.loading')}</Text>}
      {answer.state === 'failed' && <Text size="sm" c="red">{t('sessions.conflicts.error', { message: errorText(answer.error) })}</Text>}
      {answer.state === 'done' && (answer.value.length === 0
        ? <Text size="sm">{t('sessions.conflicts.none')}</Text>
        : <Alert color="orange" p="xs"><Text size="sm">{t('sessions.conflicts.count', { count: answer.value.length })}</Text><ConflictList conflicts={answer.value} /></Alert>)}
    </Paper>
  );
}

export function EditSessionDialog({ action, viewerId, onClose, onDone, edit }: DialogProps & { edit: EditContext }) {
  const t = useT();
  const errorText = useErrorText();
  const { session } = action;
  const before = useMemo(() => draftOfSession(session), [session]);
  const [draft, setDraft] = useState<BookingDraft>(before);
  const [scope, setScope] = useState<Scope>('SINGLE');
  const [errors, setErrors] = useState<BookingErrors>();
  const [refused, setRefused] = useState<Refusal>(null);
  const [save, busy] = useEditSessionMutation();
  const options: EditOptions = { recurrence: scope === 'ALL' && !!session.recurringSessionId, people: mayChangePeople(session, viewerId, edit.people) };
  const people = usePeople(options.people ? edit.booking : null, true);
  const change = (next: Partial<BookingDraft>) => { setDraft((d) => ({ ...d, ...next })); setRefused(null); };
  const changes = editChanges(session, before, draft, options) as SessionChangesInput;
  const fieldOptions: BookingOptions = {
    programs: [], sessionInterval: edit.sessionInterval, durations: edit.durations,
    tutors: edit.isAdmin && people.tutors ? withCurrent(session, true, forProgram(people.tutors, session.programId)) : null,
    tutees: withCurrent(session, false, forProgram(people.tutees, session.programId)),
  };

  const submit = async (forceBook: boolean) => {
    const found = editErrors(before, draft, { ...options, now: DateTime.now(), isAdmin: edit.isAdmin });
    if (Object.keys(found).length > 0) { setErrors(found); return; }
    setErrors(undefined);
    try {
      const { editSessionV3 } = await save({ variables: { input: { sessionId: session.id, scope, changes, forceBook: forceBook || null } } });
      if (!editSessionV3.session && editSessionV3.conflicts.length > 0) { setRefused({ conflicts: editSessionV3.conflicts }); return; }
      showToast({ message: t('sessions.edit.done', { count: editSessionV3.count }) });
      onDone();
      onClose();
    } catch (error) {
      setRefused({ message: errorText(error) });
    }
  };
  const valid = Object.keys(editErrors(before, draft, { ...options, now: DateTime.now(), isAdmin: edit.isAdmin })).length === 0;
  const shown = errors ?? {};
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t('sessions.edit.title', { subject: session.subject })} submitLabel={t('sessions.edit.submit')}
      onSubmit={() => { void submit(false); }} loading={busy} errors={errors} returnFocusRef={{ current: action.returnFocus }}
      formError={refused && 'message' in refused ? refused.message : undefined}
      extra={edit.isAdmin && refused && 'conflicts' in refused && (
        <Button color="orange" variant="light" loading={busy} onClick={() => { void submit(true); }}>{t('sessions.form.forceBook')}</Button>
      )}>
      <Stack gap="sm">
        <TextInput label={t('sessions.form.subject')} required value={draft.subject} maxLength={200} error={shown.subject && t(shown.subject)}
          onChange={(e) => change({ subject: e.currentTarget.value })} />
        <DescriptionField draft={draft} change={change} />
        <WhenFields draft={draft} errors={shown} options={fieldOptions} change={change} />
        <ScopeField session={session} value={scope} onChange={(s) => { setScope(s); setRefused(null); }} />
        {options.recurrence && <RecurrenceFields draft={draft} errors={shown} change={change} />}
        <WhereFields draft={draft} errors={shown} change={change} />
        <SeatsField draft={draft} change={change} />
        {options.people && edit.booking && <PeopleFields draft={draft} options={fieldOptions} change={change} />}
      </Stack>
      <EditChecks session={session} scope={scope} changes={valid ? changes : null} paused={refused !== null} />
      {refused && 'conflicts' in refused && (
        <Alert color="red" role="alert"><Text size="sm" fw={600}>{t('sessions.conflicts.blocked')}</Text><ConflictList conflicts={refused.conflicts} /></Alert>
      )}
    </FormDialog>
  );
}
