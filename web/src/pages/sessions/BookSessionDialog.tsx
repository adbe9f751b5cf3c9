/**
 * Book a session: the fields, then what the booking would meet (the tutor's day and the conflicts
 * of every occurrence), then Book. A booking the server refuses for conflicts books nothing and
 * shows them; an admin may then "Book anyway" (recorded as forced). One Idempotency-Key per press
 * (relay/network.ts), so a resent request books once.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { BookingChecks, ConflictList } from './BookingChecks';
import { BookingFields, type BookingProgram } from './BookingFields';
import { bookingInput, emptyDraft, validateBooking, withChanges, type BookingDraft, type BookingErrors } from './bookingForm';
import { fetchTutees, fetchTutors, forProgram, type PersonChoice } from './peopleChoices';
import type { Conflict } from './sessionOperations';
import { useCreateSessionMutation } from './useCreateSessionMutation';

export interface BookingContext {
  ecosystemId: string;
  programs: readonly BookingProgram[];
  sessionInterval: number;
  durations: readonly number[];
  zone: string;
  viewerId: string;
  isAdmin: boolean;
  /** The viewer leads sessions (a tutor): they are the booking's tutor unless they choose others. */
  isTutor: boolean;
}

interface Props { opened: boolean; onClose: () => void; onBooked: () => void; context: BookingContext; returnFocus: HTMLElement | null }

/** The tutees (and for admins the tutors) to choose from, asked while `opened`; none without a context (the edit dialog of someone who cannot book). */
export function usePeople(context: BookingContext | null, opened: boolean) {
  const [people, setPeople] = useState<{ tutors: PersonChoice[] | null; tutees: PersonChoice[] }>({ tutors: null, tutees: [] });
  const ecosystemId = context?.ecosystemId ?? null;
  const isAdmin = context?.isAdmin ?? false;
  useEffect(() => {
    if (!opened || ecosystemId === null) return undefined;
    let current = true;
    const report = (what: string) => (error: unknown) => { console.error(`The ${what} to choose from failed to load`, error); return []; };
    void Promise.all([
      fetchTutees(ecosystemId).catch(report('tutees')),
      isAdmin ? fetchTutors(ecosystemId).catch(report('tutors')) : Promise.resolve(null),
    ]).then(([tutees, tutors]) => { if (current) setPeople({ tutees, tutors }); });
    return () => { current = false; };
  }, [opened, ecosystemId, isAdmin]);
  return people;
}

function freshDraft(context: BookingContext): BookingDraft {
  return emptyDraft({ now: DateTime.now(), timeZoneId: context.zone, sessionInterval: context.sessionInterval, durations: context.durations,
    programId: context.programs.length === 1 ? context.programs[0].id : '', tutorIds: context.isTutor ? [context.viewerId] : [] });
}

export function BookSessionDialog({ opened, onClose, onBooked, context, returnFocus }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(() => freshDraft(context));
  const [errors, setErrors] = useState<BookingErrors | null>(null);
  const [refused, setRefused] = useState<{ conflicts: readonly Conflict[] } | { message: string } | null>(null);
  const [create, busy] = useCreateSessionMutation();
  const people = usePeople(context, opened);
  const formRef = useFocusInvalid(useMemo(() => (errors || refused ? {} : null), [errors, refused]));
  // A new form each time the dialog opens; the context it starts from is the one of that moment.
  useEffect(() => { if (opened) { setDraft(freshDraft(context)); setErrors(null); setRefused(null); } }, [opened]);
  const change = (changes: Partial<BookingDraft>) => { setDraft((d) => withChanges(d, changes)); setRefused(null); };

  const book = async (forceBook: boolean) => {
    const found = validateBooking(draft, { now: DateTime.now(), isAdmin: context.isAdmin });
    if (Object.keys(found).length > 0) { setErrors(found); return; }
    setErrors(null);
    try {
      const { createSession } = await create({ variables: { input: bookingInput(draft, forceBook) } });
      if (!createSession.session) { setRefused({ conflicts: createSession.conflicts }); return; }
      showToast({ message: t('sessions.form.booked', { count: createSession.count }) });
      onBooked();
      onClose();
    } catch (error) {
      setRefused({ message: errorText(error) });
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => { event.preventDefault(); void book(false); };
  const options = { programs: context.programs, sessionInterval: context.sessionInterval, durations: context.durations,
    tutors: people.tutors && forProgram(people.tutors, draft.programId), tutees: forProgram(people.tutees, draft.programId) };
  const tutorId = draft.tutorIds[0] ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('sessions.form.title')} size="lg" centered
      {...returnFocusProps({ current: returnFocus })} closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('sessions.form.title')}>
        <Stack gap="md">
          <BookingFields draft={draft} errors={errors ?? {}} options={options} change={change} />
          <BookingChecks draft={draft} tutorId={tutorId} isAdmin={context.isAdmin} />
          {refused && 'message' in refused && <Alert color="red" role="alert">{refused.message}</Alert>}
          {refused && 'conflicts' in refused && (
            <Alert color="red" role="alert"><Text size="sm" fw={600}>{t('sessions.conflicts.blocked')}</Text><ConflictList conflicts={refused.conflicts} /></Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
            {context.isAdmin && refused && 'conflicts' in refused && (
              <Button color="orange" loading={busy} onClick={() => { void book(true); }}>{t('sessions.form.forceBook')}</Button>
            )}
            <Button type="submit" loading={busy}>{t('sessions.form.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
