/**
 * The set-up an ecosystem with MFAEnabled requires at log-in (docs/decisions/0039, 0043): the
 * person chooses an authenticator app or a code by e-mail, sets it up with the log-in's
 * userIdToken, and loginPaasMFA with the first code (and the chosen method) signs them in; the
 * recovery codes follow once (LoginSecondStep). Choosing again starts the other set-up.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { EmailSetupPanel } from '../account-settings/mfa/EmailSetupPanel';
import { TotpSetupPanel } from '../account-settings/mfa/TotpSetupPanel';
import {
  useLoginEmailEnrolmentMutation, useLoginEnrolmentMutation, useLoginPaasMfaMutation, type LoginEnrolment as TotpEnrolment, type LoginPaasMfaResult,
} from './useLoginPaasMfaMutation';

type Method = 'TOTP' | 'EMAIL';

export interface EnrolmentProps {
  userIdToken: string;
  onDone: (result: LoginPaasMfaResult) => Promise<void>;
  onStartOver: () => void;
}

export function LoginEnrolment({ userIdToken, onDone, onStartOver }: EnrolmentProps) {
  const t = useT();
  const errorText = useErrorText();
  const [method, setMethod] = useState<Method | null>(null);
  const [send, inFlight] = useLoginPaasMfaMutation();
  /** The first code of the chosen set-up; answers the server's words when it was refused. */
  const submit = async (code: string): Promise<string | null> => {
    try {
      await onDone((await send({ userIdToken, code, enrolMethod: method })).loginPaasMFA);
      return null;
    } catch (error) {
      return errorText(error);
    }
  };
  return (
    <Stack>
      {method === null && (
        <>
          <Text id="mfa-choose">{t('login.mfaEnrolChoose')}</Text>
          <Stack gap="xs" role="group" aria-labelledby="mfa-choose">
            <Button onClick={() => setMethod('TOTP')}>{t('login.mfaEnrolApp')}</Button>
            <Button variant="outline" onClick={() => setMethod('EMAIL')}>{t('login.mfaEnrolEmail')}</Button>
          </Stack>
        </>
      )}
      {method === 'TOTP' && <AppSetup userIdToken={userIdToken} submit={submit} busy={inFlight} />}
      {method === 'EMAIL' && <EmailSetup userIdToken={userIdToken} submit={submit} busy={inFlight} />}
      {method !== null && <Button variant="subtle" onClick={() => setMethod(null)}>{t('login.mfaEnrolOther')}</Button>}
      <Button variant="subtle" onClick={onStartOver}>{t('login.mfaStartOver')}</Button>
    </Stack>
  );
}

type SetupProps = { userIdToken: string; submit: (code: string) => Promise<string | null>; busy: boolean };

function AppSetup({ userIdToken, submit, busy }: SetupProps) {
  const errorText = useErrorText();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [start] = useLoginEnrolmentMutation();
  useEffect(() => {
    let live = true;
    start({ userIdToken }).then((answer) => { if (live) setEnrolment(answer.startMfaTotpEnrolment); },
      (error: unknown) => { if (live) setFailed(errorText(error)); });
    return () => { live = false; };
  }, [start, userIdToken, errorText]);
  return (
    <>
      {failed && <Alert color="red" role="alert">{failed}</Alert>}
      {enrolment && <TotpSetupPanel enrolment={enrolment} submit={submit} busy={busy} />}
    </>
  );
}

/**
 * Mails the code once on opening; the panel's resend asks again (the server's cool-down answers
 * RATE_LIMITED in its own words, and the code already mailed keeps working, so the form stays).
 */
function EmailSetup({ userIdToken, submit, busy }: SetupProps) {
  const errorText = useErrorText();
  const [failed, setFailed] = useState<string | null>(null);
  const [start] = useLoginEmailEnrolmentMutation();
  // One mail per choice, also where development mode runs effects twice (a second would be RATE_LIMITED).
  const mailed = useRef(false);
  useEffect(() => {
    if (mailed.current) return;
    mailed.current = true;
    start({ userIdToken }).catch((error: unknown) => setFailed(errorText(error)));
  }, [start, userIdToken, errorText]);
  const resend = async (): Promise<string | null> => {
    try {
      await start({ userIdToken });
      setFailed(null);
      return null;
    } catch (error) {
      return errorText(error);
    }
  };
  return (
    <>
      {failed && <Alert color="red" role="alert">{failed}</Alert>}
      <EmailSetupPanel submit={submit} resend={resend} busy={busy} />
    </>
  );
}
