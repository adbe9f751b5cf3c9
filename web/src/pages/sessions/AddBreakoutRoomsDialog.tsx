/**
 * "Add breakout rooms" for those who run a group lesson (docs/decisions/0061): one room per learner
 * with the leader chosen for them, each a ONE_ON_ONE_BREAKOUT booking at the lesson's time with its
 * own join link. The conflicts of every room are asked for before saving and shown; a room the
 * server refuses for conflicts is not booked, and an admin may then book the rest anyway. Rooms
 * already booked are not booked again when the dialog is sent a second time.
 */
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import { ConflictList, useSettled } from './BookingChecks';
import { breakoutInputs, defaultPairs, leadersOf, learnersOf, type Pairs, type Person } from './breakoutRooms';
import { useWhen, type DialogProps } from './SessionDialogs';
import { fetchConflicts, type Conflict } from './sessionOperations';
import { useCreateSessionMutation } from './useCreateSessionMutation';

// Mantine's Select treats an empty value as no choice: "no room" has a value of its own.
const NO_ROOM = 'none';

type Refusal = { conflicts: readonly Conflict[] } | { message: string } | null;

function PlannedConflicts({ inputs }: { inputs: ReturnType<typeof breakoutInputs> }) {
  const t = useT();
  const errorText = useErrorText();
  const key = inputs.length > 0 ? JSON.stringify(inputs) : null;
  const answer = useSettled<Conflict[]>(key, async () => (await Promise.all(inputs.map(({ input }) => fetchConflicts(input)))).flat());
  if (answer.state === 'idle' || answer.state === 'loading') return null;
  if (answer.state === 'failed') return <Text size="sm" c="red">{t('sessions.conflicts.error', { message: errorText(answer.error) })}</Text>;
  if (answer.value.length === 0) return <Text size="sm" aria-live="polite">{t('sessions.conflicts.none')}</Text>;
  return (
    <Alert color="orange" p="xs" aria-live="polite">
      <Text size="sm">{t('sessions.conflicts.count', { count: answer.value.length })}</Text><ConflictList conflicts={answer.value} />
    </Alert>
  );
}

export function AddBreakoutRoomsDialog({ action, onClose, onDone, zone, isAdmin }: DialogProps & { zone: string; isAdmin: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const { session } = action;
  const [pairs, setPairs] = useState<Pairs>(() => defaultPairs(session));
  const [booked, setBooked] = useState<readonly string[]>([]);
  const [refused, setRefused] = useState<Refusal>(null);
  const [create, busy] = useCreateSessionMutation();
  const when = useWhen(session, zone);
  const leaders = leadersOf(session).map((l) => ({ value: l.userId, label: l.name }));
  const roomName = (learner: Person) => t('sessions.breakout.roomSubject', { subject: session.subject, name: learner.name });
  const planned = breakoutInputs(session, pairs, roomName).filter((r) => !booked.includes(r.learnerId));

  const save = async (forceBook: boolean) => {
    const done: string[] = [];
    const conflicts: Conflict[] = [];
    setRefused(null);
    try {
      for (const { learnerId, input } of breakoutInputs(session, pairs, roomName, forceBook).filter((r) => !booked.includes(r.learnerId))) {
        const { createSession } = await create({ variables: { input } });
        if (createSession.session) done.push(learnerId);
        else conflicts.push(...createSession.conflicts);
      }
    } catch (error) {
      setRefused({ message: errorText(error) });
    }
    setBooked((b) => [...b, ...done]);
    if (done.length > 0) { showToast({ message: t('sessions.breakout.done', { count: done.length }) }); onDone(); }
    if (conflicts.length > 0) setRefused({ conflicts });
    else if (done.length > 0 && done.length === planned.length) onClose();
  };
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t('sessions.breakout.title', { subject: session.subject })}
      intro={t('sessions.breakout.text', { when })} submitLabel={t('sessions.breakout.submit')} onSubmit={() => { void save(false); }}
      loading={busy} formError={refused && 'message' in refused ? refused.message : undefined} returnFocusRef={{ current: action.returnFocus }}
      extra={isAdmin && refused && 'conflicts' in refused && (
        <Button color="orange" variant="light" loading={busy} onClick={() => { void save(true); }}>{t('sessions.form.forceBook')}</Button>
      )}>
      <Stack gap="sm">
        {learnersOf(session).map((learner) => (
          <Select key={learner.userId} label={t('sessions.breakout.roomFor', { name: learner.name })} value={pairs[learner.userId] || NO_ROOM}
            allowDeselect={false} disabled={booked.includes(learner.userId)}
            data={[...leaders, { value: NO_ROOM, label: t('sessions.breakout.noRoom') }]}
            onChange={(v) => { setPairs((p) => ({ ...p, [learner.userId]: v === NO_ROOM ? '' : v ?? '' })); setRefused(null); }} />
        ))}
      </Stack>
      {booked.length > 0 && <Text size="sm">{t('sessions.breakout.already', { count: booked.length })}</Text>}
      {planned.length === 0 && booked.length === 0 && <Text size="sm" c="dimmed">{t('sessions.breakout.none')}</Text>}
      {!refused && <PlannedConflicts inputs={planned} />}
      {refused && 'conflicts' in refused && (
        <Alert color="red" role="alert"><Text size="sm" fw={600}>{t('sessions.breakout.blocked')}</Text><ConflictList conflicts={refused.conflicts} /></Alert>
      )}
    </FormDialog>
  );
}
