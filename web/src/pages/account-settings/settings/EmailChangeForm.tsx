/**
 * Changing the log-in address (docs/decisions/0042, 0050): the new address and the current
 * password; the server keeps the address pending and mails it a link, and the account keeps its
 * address until the link is used. While an address waits (or the current one is unverified), the
 * person can ask for the link again.
 */
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/terms';
import { displayError, fieldErrors } from '../../../relay/errors';
import { emailChangeErrors } from './rules';
import { useEmailChangeMutation, useSendVerificationMutation } from './useSettingsMutations';

export interface EmailState { readonly address: string; readonly verified: boolean; readonly pendingAddress?: string | null }

export function EmailChangeForm({ email }: { email: EmailState }) {
  const t = useT();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [change, changing] = useEmailChangeMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setSentTo(null);
    const invalid = emailChangeErrors(newEmail, password, email.address);
    setErrors({ newEmail: invalid.newEmail && t(invalid.newEmail), password: invalid.password && t(invalid.password) });
    if (invalid.newEmail || invalid.password) return;
    try {
      const answer = await change({ variables: { newEmail: newEmail.trim(), password } });
      setSentTo(answer.requestEmailChange ? newEmail.trim().toLowerCase() : null);
      setNewEmail('');
      setPassword('');
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors({ newEmail: fields.newEmail, password: fields.password });
      if (!fields.newEmail && !fields.password) setFormError(displayError(err));
    }
  };
  return (
    <Stack gap="xs">
      <PendingNotice email={email} />
      <form onSubmit={submit} noValidate aria-labelledby="settings-email-change">
        <Text size="sm" fw={500} id="settings-email-change">{t('settings.email.title')}</Text>
        <Text size="sm" c="dimmed">{t('settings.email.intro')}</Text>
        <Stack gap="xs" mt="xs">
          <TextInput label={t('settings.email.new')} type="email" autoComplete="email" value={newEmail}
            onChange={(e) => setNewEmail(e.currentTarget.value)} error={errors.newEmail} aria-invalid={errors.newEmail ? true : undefined} />
          <PasswordInput label={t('settings.email.password')} autoComplete="current-password" value={password}
            onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} aria-invalid={errors.password ? true : undefined} />
          <Group><Button type="submit" loading={changing}>{t('settings.email.submit')}</Button></Group>
        </Stack>
        {sentTo && <Alert color="teal" role="status" mt="xs" style={{ overflowWrap: 'anywhere' }}>{t('settings.email.checkInbox', { email: sentTo })}</Alert>}
        {formError && <Alert color="red" role="alert" mt="xs">{formError}</Alert>}
      </form>
    </Stack>
  );
}

/** The address waiting for its link (or the unverified current one), with "send again". */
function PendingNotice({ email }: { email: EmailState }) {
  const t = useT();
  const [send, sending] = useSendVerificationMutation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (!email.pendingAddress && email.verified) return null;
  const again = async () => {
    setResult(null);
    try {
      await send({ variables: {} });
      setResult({ ok: true, text: t('settings.email.sent') });
    } catch (err) {
      setResult({ ok: false, text: displayError(err) });
    }
  };
  return (
    <Alert color="yellow" title={null}>
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {email.pendingAddress ? t('settings.email.pending', { email: email.pendingAddress }) : t('settings.email.unverified')}
        </Text>
        <Group><Button variant="light" size="xs" loading={sending} onClick={() => void again()}>{t('settings.email.sendAgain')}</Button></Group>
        {result && <Text size="sm" role={result.ok ? 'status' : 'alert'} c={result.ok ? undefined : 'red'}>{result.text}</Text>}
      </Stack>
    </Alert>
  );
}
