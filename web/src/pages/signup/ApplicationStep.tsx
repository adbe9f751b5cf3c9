/**
 * The signed-in person's application (SPEC section 3, tutor sign-up application): each answer is
 * saved as they type, half a second after the last keystroke (useDraftAutosave), so a reload
 * shows what was typed. Then the waiver and the submission; afterwards its status and the team's note.
 */
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NumberInput, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useErrorText } from '../../components/useErrorText';
import { useSignupT as useT } from './SignupWords';
import { loadMyApplication, sendSubmit, type Application } from './signupOperations';
import { useDraftAutosave, type DraftValues } from './useDraftAutosave';
import { DRAFT_FIELDS, SUBJECTS } from './draftFields';

const STATUSES = ['DRAFT', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'DECLINED'] as const;

function statusLabel(status: string) {
  const known = (STATUSES as readonly string[]).includes(status) ? status as (typeof STATUSES)[number] : 'SUBMITTED';
  return `signup.application.status.${known}` as const;
}

interface Props {
  ecosystemId: string;
  name: string;
  profileId: string;
}

export function ApplicationStep({ ecosystemId, name, profileId }: Props) {
  const t = useT();
  const [application, setApplication] = useState<Application | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  useEffect(() => {
    const abort = new AbortController();
    loadMyApplication(ecosystemId, abort.signal).then(setApplication, (e: unknown) => { if (!abort.signal.aborted) setError(errorText(e)); });
    return () => abort.abort();
  }, [ecosystemId, errorText]);
  if (error) return <Alert color="red" role="alert" mt="xl">{error}</Alert>;
  if (application === undefined) return <Loader mx="auto" mt="xl" display="block" aria-label={t('nav.loading')} />;
  if (application === null) return <Text mt="xl" ta="center">{t('signup.application.none')}</Text>;
  return <ApplicationForm ecosystemId={ecosystemId} name={name} profileId={profileId} initial={application} />;
}

function ApplicationForm({ ecosystemId, name, profileId, initial }: Props & { initial: Application }) {
  const t = useT();
  const errorText = useErrorText();
  const [application, setApplication] = useState(initial);
  const editable = application.status === 'DRAFT' || application.status === 'CHANGES_REQUESTED';
  const { values, change, state, fieldErrors } = useDraftAutosave(ecosystemId, initial.draft, setApplication);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setSubmitError(null);
    try { setApplication(await sendSubmit(ecosystemId)); } catch (e) { setSubmitError(errorText(e)); } finally { setBusy(false); }
  };
  const err = (k: keyof DraftValues) => fieldErrors[k];
  return (
    <Paper maw={640} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('signup.application.title', { name })}</Title>
        <Group>
          <Badge data-testid="application-status">{t(statusLabel(application.status))}</Badge>
          {editable && <Text size="sm" c="dimmed" role="status" data-testid="autosave">{t(`signup.application.autosave.${state}`)}</Text>}
        </Group>
        {application.lastNote && <Alert title={t('signup.application.note')}>{application.lastNote}</Alert>}
        {submitError && <Alert color="red" role="alert">{submitError}</Alert>}
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            {DRAFT_FIELDS.map((f) => (f.kind === 'text' || f.kind === 'date'
              ? <TextInput key={f.key} type={f.kind === 'date' ? 'date' : 'text'} label={t(f.label)} value={String(values[f.key] ?? '')}
                  onChange={(e) => change(f.key, e.currentTarget.value)} error={err(f.key)} />
              : f.kind === 'long'
                ? <Textarea key={f.key} label={t(f.label)} autosize minRows={3} value={String(values[f.key] ?? '')} onChange={(e) => change(f.key, e.currentTarget.value)} error={err(f.key)} />
                : null))}
            <Checkbox.Group label={t('signup.field.subjects')} value={values.subjects} onChange={(v) => change('subjects', v)} error={err('subjects')}>
              <Group mt="xs" gap="sm">{SUBJECTS.map((s) => <Checkbox key={s} value={s} label={s} />)}</Group>
            </Checkbox.Group>
            <NumberInput label={t('signup.field.gpa')} min={0} max={5} decimalScale={2} value={values.gpa ?? ''} onChange={(v) => change('gpa', typeof v === 'number' ? v : null)} error={err('gpa')} />
            <Select label={t('signup.field.locationPreference')} value={values.locationPreference} allowDeselect={false}
              data={['no-preference', 'in-person', 'online'].map((v) => ({ value: v, label: t(`signup.location.${v as 'online'}`) }))}
              onChange={(v) => v && change('locationPreference', v)} />
            <Checkbox label={t('signup.field.paidPreference')} checked={values.paidPreference} onChange={(e) => change('paidPreference', e.currentTarget.checked)} />
            <Select label={t('signup.field.paymentMethod')} value={values.paymentMethod} allowDeselect={false}
              data={['VENMO', 'PAYPAL', 'ZELLE', 'STRIPE', 'CHECK'].map((v) => ({ value: v, label: t(`signup.payment.${v as 'VENMO'}`) }))}
              onChange={(v) => v && change('paymentMethod', v)} />
          </Stack>
        </fieldset>
        <Text size="sm">
          {application.waiverAcceptedAt ? t('signup.application.waiverAccepted') : t('signup.application.waiverOpen')}{' '}
          <Anchor component={Link} to={`/s/${profileId}/signup/waiver`}>{t('signup.application.waiverLink')}</Anchor>
        </Text>
        {editable && <Button onClick={submit} loading={busy}>{t('signup.application.submit')}</Button>}
      </Stack>
    </Paper>
  );
}
