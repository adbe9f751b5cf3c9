/**
 * The log-in's second step (docs/decisions/0039): a code from the authenticator app or one mailed
 * to the person (decision 0043), or a recovery code; or, when the person's ecosystem requires
 * multi-factor log-in and they have none yet, the set-up first (LoginEnrolment: an app or a code by
 * e-mail); that set-up ends with the recovery codes, shown once, before the app opens.
 */
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { codeInputError } from '../account-settings/mfa/codeInput';
import { RecoveryCodesPanel } from '../account-settings/mfa/RecoveryCodesPanel';
import { LoginEnrolment } from './LoginEnrolment';
import { useLoginMfaResendMutation, useLoginPaasMfaMutation, type LoginPaasMfaResult } from './useLoginPaasMfaMutation';
import { SettingsMessages } from '../../i18n/PageMessages';

export interface FirstStep {
  userIdToken: string;
  mfaEnrolmentRequired: boolean;
  /** The factor is the e-mail code method (docs/decisions/0043): the code was mailed, and a new one can be asked for. */
  emailCode?: boolean;
  /** Where it was mailed, masked (j***@example.com), when the first step said. */
  emailHint?: string | null;
}

interface SecondStepProps {
  first: FirstStep;
  onLoggedIn: (token: string, redirect: string) => Promise<void>;
  onStartOver: () => void;
}

/** The code step; its words (and the set-up's) come with this lazily loaded module, not the first load. */
export function LoginSecondStep(props: SecondStepProps) {
  return <SettingsMessages><SecondStep {...props} /></SettingsMessages>;
}

function SecondStep({ first, onLoggedIn, onStartOver }: SecondStepProps) {
  const t = useT();
  const [done, setDone] = useState<LoginPaasMfaResult | null>(null);
  const title = first.mfaEnrolmentRequired ? t('login.mfaEnrolTitle') : t('login.mfaTitle');
  useDocumentTitle(title);
  const finished = async (result: LoginPaasMfaResult) => {
    if (result.recoveryCodes && result.recoveryCodes.length > 0) setDone(result);
    else await onLoggedIn(result.token, result.redirect);
  };
  return (
    <Paper maw={460} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{title}</Title>
        {done?.recoveryCodes ? (
          <RecoveryCodesPanel codes={done.recoveryCodes} doneLabel={t('login.mfaContinue')} onDone={() => void onLoggedIn(done.token, done.redirect)} />
        ) : first.mfaEnrolmentRequired ? (
          <LoginEnrolment userIdToken={first.userIdToken} onDone={finished} onStartOver={onStartOver} />
        ) : (
          <CodeForm userIdToken={first.userIdToken} emailCode={first.emailCode ?? false} emailHint={first.emailHint ?? null} onDone={finished} onStartOver={onStartOver} />
        )}
      </Stack>
    </Paper>
  );
}

type StepProps = { userIdToken: string; onDone: (result: LoginPaasMfaResult) => Promise<void>; onStartOver: () => void };

function CodeForm({ userIdToken, emailCode, emailHint, onDone, onStartOver }: StepProps & { emailCode: boolean; emailHint: string | null }) {
  const t = useT();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const [resent, setResent] = useState(false);
  const formRef = useFocusInvalid(errors);
  const [send, inFlight] = useLoginPaasMfaMutation();
  const [resend, resending] = useLoginMfaResendMutation();
  const again = async () => {
    try {
      await resend({ userIdToken });
      setResent(true);
      setErrors({});
    } catch (error) {
      setResent(false);
      setErrors({ form: errorText(error) });
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = codeInputError(code, true);
    if (invalid) return setErrors({ code: t(invalid) });
    try {
      await onDone((await send({ userIdToken, code: code.trim() })).loginPaasMFA);
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };
  // What the step waits for: the app's code, or the code mailed to the (masked) address.
  const waitsFor = !emailCode ? t('login.mfaAppText') : emailHint ? t('login.mfaEmailSentTo', { email: emailHint }) : t('login.mfaEmailText');
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('login.mfaTitle')}>
      <Stack>
        <Text>{waitsFor}</Text>
        {errors.form && <Alert color="red" role="alert" title={t('login.failed')}>{errors.form}</Alert>}
        {resent && <Text role="status" size="sm">{t('mfa.resent')}</Text>}
        <TextInput label={t('login.mfaCode')} description={t('login.mfaOrRecovery')} autoComplete="one-time-code" required autoFocus maxLength={20}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} aria-invalid={errors.code ? true : undefined} />
        <Button type="submit" loading={inFlight}>{t('login.mfaSubmit')}</Button>
        {emailCode && <Button variant="outline" loading={resending} onClick={() => void again()}>{t('login.mfaSendAgain')}</Button>}
        <Button variant="subtle" onClick={onStartOver}>{t('login.mfaStartOver')}</Button>
      </Stack>
    </form>
  );
}
