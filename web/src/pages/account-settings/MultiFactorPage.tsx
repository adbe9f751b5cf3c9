/**
 * /account-settings/multi-factor-authentication: whether the second log-in step is on, setting up
 * an authenticator app (QR code, first code, recovery codes shown once) and turning it off with a
 * code or the password (docs/decisions/0039).
 */
import { Alert, Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { MultiFactorPageQuery } from './__generated__/MultiFactorPageQuery.graphql';
import { codeInputError } from './mfa/codeInput';
import { RecoveryCodesPanel } from './mfa/RecoveryCodesPanel';
import { TotpSetupPanel } from './mfa/TotpSetupPanel';
import { useConfirmMfaMutation, useDisableMfaMutation, useStartMfaMutation, type StartedEnrolment } from './useMfaMutations';

const query = graphql`
  query MultiFactorPageQuery {
    getCurrentUserV2 {
      id
      profile { MFASettings { method validated recoveryCodesLeft } }
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<MultiFactorPageQuery>(relayEnvironment, query, {}, request.signal);
}

type View = { kind: 'status' } | { kind: 'setup'; enrolment: StartedEnrolment } | { kind: 'codes'; codes: readonly string[] } | { kind: 'disable' };

export function Component() {
  const t = useT();
  useDocumentTitle(t('mfa.title'));
  const { getCurrentUserV2: user } = useRouteQuery<MultiFactorPageQuery>(query);
  const setting = user?.profile.MFASettings.find((s) => s.validated) ?? null;
  const [view, setView] = useState<View>({ kind: 'status' });
  const errorText = useErrorText();
  const [failed, setFailed] = useState<string | null>(null);
  const [start, starting] = useStartMfaMutation();
  const [confirm, confirming] = useConfirmMfaMutation();
  const begin = async () => {
    try {
      setFailed(null);
      setView({ kind: 'setup', enrolment: await start() });
    } catch (error) {
      setFailed(errorText(error));
    }
  };
  const submitCode = async (code: string): Promise<string | null> => {
    try {
      setView({ kind: 'codes', codes: await confirm(code) });
      showToast({ message: t('mfa.turnedOn'), color: 'green' });
      return null;
    } catch (error) {
      return errorText(error);
    }
  };
  return (
    <Stack maw={640} p="md">
      <Title order={1}>{t('mfa.title')}</Title>
      <Text>{t('mfa.intro')}</Text>
      {failed && <Alert color="red" role="alert">{failed}</Alert>}
      <Paper p="md" withBorder>
        {view.kind === 'setup' ? (
          <Stack>
            <TotpSetupPanel enrolment={view.enrolment} submit={submitCode} busy={confirming} />
            <Button variant="subtle" w="fit-content" onClick={() => setView({ kind: 'status' })}>{t('mfa.cancel')}</Button>
          </Stack>
        ) : view.kind === 'codes' ? (
          <RecoveryCodesPanel codes={view.codes} doneLabel={t('mfa.done')} onDone={() => setView({ kind: 'status' })} />
        ) : view.kind === 'disable' ? (
          <DisableForm onDone={() => setView({ kind: 'status' })} />
        ) : (
          <Stack>
            <Group>
              <Badge color={setting ? 'teal' : 'gray'} variant="light" size="lg">{setting ? t('mfa.badgeOn') : t('mfa.badgeOff')}</Badge>
              <Text data-testid="mfa-status">{setting ? t('mfa.statusOn') : t('mfa.statusOff')}</Text>
            </Group>
            {setting && <Text size="sm">{t('mfa.recoveryLeft', { count: setting.recoveryCodesLeft })}</Text>}
            {setting
              ? <Button color="red" variant="outline" w="fit-content" onClick={() => setView({ kind: 'disable' })}>{t('mfa.turnOff')}</Button>
              : <Button w="fit-content" loading={starting} onClick={() => void begin()}>{t('mfa.turnOn')}</Button>}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const [disable, inFlight] = useDisableMfaMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() && !password) return setErrors({ code: t('mfa.proofRequired') });
    const invalid = code.trim() ? codeInputError(code, true) : null;
    if (invalid) return setErrors({ code: t(invalid) });
    try {
      await disable({ code: code.trim() || null, password: code.trim() ? null : password });
      showToast({ message: t('mfa.turnedOff'), color: 'green' });
      onDone();
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="mfa-off-title">
      <Stack>
        <Text fw={600} id="mfa-off-title">{t('mfa.turnOffTitle')}</Text>
        <Text size="sm">{t('mfa.turnOffText')}</Text>
        {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
        <TextInput label={t('mfa.turnOffCode')} autoComplete="one-time-code" maxLength={20}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} aria-invalid={errors.code ? true : undefined} />
        <PasswordInput label={t('mfa.turnOffPassword')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }} />
        <Group>
          <Button type="submit" color="red" loading={inFlight}>{t('mfa.turnOff')}</Button>
          <Button variant="subtle" onClick={onDone}>{t('mfa.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
