/**
 * One application in the admins' list: who, what they answered, the background check, and the
 * decisions (approve, ask for changes, decline; approving a tutor names the program they lead in).
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useErrorText } from '../../components/useErrorText';
import { useSignupT as useT } from '../signup/SignupWords';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { ApplicationCard_application$key } from './__generated__/ApplicationCard_application.graphql';
import type { ApplicationCardUpdateMutation, ApprovalStatus, ApplicationDecision } from './__generated__/ApplicationCardUpdateMutation.graphql';
import type { ApplicationCardRemindMutation } from './__generated__/ApplicationCardRemindMutation.graphql';

const CHECKS = ['NOT_STARTED', 'PENDING', 'APPROVED', 'DECLINED', 'NOT_REQUIRED'] as const;
const OPEN = new Set(['SUBMITTED', 'CHANGES_REQUESTED']);

const fragment = graphql`
  fragment ApplicationCard_application on UserApplication {
    id status applicantType backgroundCheckStatus lastNote submittedAt waiverAcceptedAt
    applicant { email firstName lastName }
    draft { dateOfBirth phoneNumber subjects courses availability bio }
  }
`;

const update = graphql`
  mutation ApplicationCardUpdateMutation($input: UpdateUserApplicationInput!) {
    updateUserApplication(input: $input) { ...ApplicationCard_application }
  }
`;

const remind = graphql`
  mutation ApplicationCardRemindMutation($id: ID!) {
    sendBackgroundCheckReminder(applicationId: $id) { ...ApplicationCard_application }
  }
`;

interface Props {
  applicationRef: ApplicationCard_application$key;
  programs: Array<{ value: string; label: string }>;
  ecosystemId: string;
}

export function ApplicationCard({ applicationRef, programs }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const a = useFragment(fragment, applicationRef);
  const [commitUpdate, updating] = usePromiseMutation<ApplicationCardUpdateMutation>(update);
  const [commitRemind, reminding] = usePromiseMutation<ApplicationCardRemindMutation>(remind);
  const [note, setNote] = useState('');
  const [programId, setProgramId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try { await action(); setMessage({ error: false, text: done }); } catch (e) { setMessage({ error: true, text: errorText(e) }); }
  };
  const decide = (decision: ApplicationDecision) => run(() => commitUpdate({ variables: { input: {
    applicationId: a.id, decision, note: note.trim() || null, programId: decision === 'APPROVED' && a.applicantType === 'TUTOR' ? programId : null,
  } } }), t('applications.saved'));
  const setCheck = (status: ApprovalStatus) => run(() => commitUpdate({ variables: { input: { applicationId: a.id, backgroundCheckStatus: status } } }), t('applications.saved'));
  const name = `${a.applicant.firstName} ${a.applicant.lastName}`;
  const checkOpen = a.backgroundCheckStatus === 'NOT_STARTED' || a.backgroundCheckStatus === 'PENDING';
  return (
    <Card withBorder component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">{name}</Title>
          <Badge>{t(`signup.application.status.${a.status as 'DRAFT'}`)}</Badge>
        </Group>
        <Text size="sm">{a.applicant.email} · {t(`signup.type.${a.applicantType as 'PARENT'}`)}</Text>
        {a.draft.subjects.length > 0 && <Text size="sm">{t('signup.field.subjects')}: {a.draft.subjects.join(', ')}</Text>}
        {a.draft.availability && <Text size="sm">{t('applications.availability')}: {a.draft.availability}</Text>}
        {a.draft.bio && <Text size="sm">{t('applications.bio')}: {a.draft.bio}</Text>}
        <Text size="sm">{a.waiverAcceptedAt ? t('applications.waiverAccepted') : t('applications.waiverOpen')}</Text>
        {a.lastNote && <Text size="sm" c="dimmed">{t('signup.application.note')}: {a.lastNote}</Text>}
        <Group align="end" wrap="wrap">
          <Select label={t('applications.backgroundCheck')} value={a.backgroundCheckStatus} allowDeselect={false} maw={240}
            data={CHECKS.map((c) => ({ value: c, label: t(`applications.check.${c}`) }))} onChange={(v) => v && v !== a.backgroundCheckStatus && setCheck(v as ApprovalStatus)} />
          {checkOpen && <Button variant="default" loading={reminding} onClick={() => run(() => commitRemind({ variables: { id: a.id } }), t('applications.reminded'))}>{t('applications.remind')}</Button>}
        </Group>
        {OPEN.has(a.status) && (
          <Stack gap="xs">
            <Textarea label={t('applications.note')} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            {a.applicantType === 'TUTOR' && a.status === 'SUBMITTED' && (
              <Select label={t('applications.program')} data={programs} value={programId} onChange={setProgramId} clearable maw={320} />
            )}
            <Group wrap="wrap">
              {a.status === 'SUBMITTED' && <Button loading={updating} onClick={() => decide('APPROVED')}>{t('applications.approve')}</Button>}
              {a.status === 'SUBMITTED' && <Button variant="default" loading={updating} onClick={() => decide('CHANGES_REQUESTED')}>{t('applications.requestChanges')}</Button>}
              <Button color="red" variant="light" loading={updating} onClick={() => decide('DECLINED')}>{t('applications.decline')}</Button>
            </Group>
          </Stack>
        )}
        {message && <Alert color={message.error ? 'red' : 'teal'} role={message.error ? 'alert' : 'status'}>{message.text}</Alert>}
      </Stack>
    </Card>
  );
}
