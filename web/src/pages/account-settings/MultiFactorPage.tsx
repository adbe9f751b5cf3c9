/**
 * /account-settings/multi-factor-authentication: whether the second log-in step is on, setting up
 * an authenticator app (QR code, first code, recovery codes shown once) and turning it off with a
 * code or the password (docs/decisions/0039); new recovery codes, proven the same way, and the
 * e-mail code method, confirmed with a mailed code (0043).
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { MultiFactorPageQuery } from './__generated__/MultiFactorPageQuery.graphql';
import { ProofForm, type Proof } from './mfa/ProofForm';
import { RecoveryCodesPanel } from './mfa/RecoveryCodesPanel';
import { TotpSetupPanel } from './mfa/TotpSetupPanel';
import { EmailSetupPanel } from './mfa/EmailSetupPanel';
import { useConfirmEmailMfaMutation, useStartEmailMfaMutation } from './useEmailMfaMutations';
import { useConfirmMfaMutation, useDisableMfaMutation, useRegenerateCodesMutation, useStartMfaMutation, type StartedEnrolment } from './useMfaMutations';
import { SettingsMessages } from '../../i18n/PageMessages';

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

type View = { kind: 'status' } | { kind: 'email-setup' } | { kind: 'setup'; enrolment: StartedEnrolment } | { kind: 'codes'; codes: readonly string[]; turnedOn: boolean } | { kind: 'disable' } | { kind: 'regenerate' };

function MultiFactorPageContent() {
  const t = useT();
  useDocumentTitle(t('mfa.title'));
  const { getCurrentUserV2: user } = useRouteQuery<MultiFactorPageQuery>(query);
  const setting = user?.profile.MFASettings.find((s) => s.validated) ?? null;
  const [view, setView] = useState<View>({ kind: 'status' });
  const errorText = useErrorText();
  const [failed, setFailed] = useState<string | null>(null);
  const [start, starting] = useStartMfaMutation();
  const [confirm, confirming] = useConfirmMfaMutation();
  const [disable, disabling] = useDisableMfaMutation();
  const [regenerate, regenerating] = useRegenerateCodesMutation();
  const [startEmail, startingEmail] = useStartEmailMfaMutation();
  const [confirmEmail, confirmingEmail] = useConfirmEmailMfaMutation();
  const turnOff = async (proof: Proof) => {
    await disable(proof);
    showToast({ message: t('mfa.turnedOff'), color: 'green' });
    setView({ kind: 'status' });
  };
  const newCodes = async (proof: Proof) => setView({ kind: 'codes', codes: await regenerate(proof), turnedOn: false });
  const begin = async () => {
    try {
      setFailed(null);
      setView({ kind: 'setup', enrolment: await start() });
    } catch (error) {
      setFailed(errorText(error));
    }
  };
  const beginEmail = async () => {
    try {
      setFailed(null);
      await startEmail();
      setView({ kind: 'email-setup' });
    } catch (error) {
      setFailed(errorText(error));
    }
  };
  const resendEmail = async (): Promise<string | null> => {
    try {
      await startEmail();
      return null;
    } catch (error) {
      return errorText(error);
    }
  };
  const submitCode = (confirmWith: (code: string) => Promise<readonly string[]>) => async (code: string): Promise<string | null> => {
    try {
      setView({ kind: 'codes', codes: await confirmWith(code), turnedOn: true });
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
            <TotpSetupPanel enrolment={view.enrolment} submit={submitCode(confirm)} busy={confirming} />
            <Button variant="subtle" w="fit-content" onClick={() => setView({ kind: 'status' })}>{t('mfa.cancel')}</Button>
          </Stack>
        ) : view.kind === 'email-setup' ? (
          <Stack>
            <EmailSetupPanel submit={submitCode(confirmEmail)} resend={resendEmail} busy={confirmingEmail} />
            <Button variant="subtle" w="fit-content" onClick={() => setView({ kind: 'status' })}>{t('mfa.cancel')}</Button>
          </Stack>
        ) : view.kind === 'codes' ? (
          <RecoveryCodesPanel codes={view.codes} doneLabel={t('mfa.done')} onDone={() => {
            // Said once the codes are put away: a toast over the codes would cover the Done button on a phone.
            if (view.turnedOn) showToast({ message: t('mfa.turnedOn'), color: 'green' });
            setView({ kind: 'status' });
          }} />
        ) : view.kind === 'disable' ? (
          <ProofForm id="mfa-off-title" title={t('mfa.turnOffTitle')} text={t(setting?.method === 'EMAIL' ? 'mfa.turnOffTextEmail' : 'mfa.turnOffText')} submitLabel={t('mfa.turnOff')} danger
            busy={disabling} submit={turnOff} onCancel={() => setView({ kind: 'status' })} />
        ) : view.kind === 'regenerate' ? (
          <ProofForm id="mfa-codes-title" title={t('mfa.regenerateTitle')} text={t(setting?.method === 'EMAIL' ? 'mfa.regenerateTextEmail' : 'mfa.regenerateText')} submitLabel={t('mfa.regenerateSubmit')}
            danger={false} busy={regenerating} submit={newCodes} onCancel={() => setView({ kind: 'status' })} />
        ) : (
          <Stack>
            <Group>
              <Badge color={setting ? 'teal' : 'gray'} variant="light" size="lg">{setting ? t('mfa.badgeOn') : t('mfa.badgeOff')}</Badge>
              <Text data-testid="mfa-status">{!setting ? t('mfa.statusOff') : setting.method === 'EMAIL' ? t('mfa.statusOnEmail') : t('mfa.statusOn')}</Text>
            </Group>
            {setting && <Text size="sm">{t('mfa.recoveryLeft', { count: setting.recoveryCodesLeft })}</Text>}
            {setting ? (
              <Group>
                <Button variant="outline" onClick={() => setView({ kind: 'regenerate' })}>{t('mfa.regenerate')}</Button>
                <Button color="red" variant="outline" onClick={() => setView({ kind: 'disable' })}>{t('mfa.turnOff')}</Button>
              </Group>
            ) : (
              <Group>
                <Button loading={starting} onClick={() => void begin()}>{t('mfa.turnOn')}</Button>
                <Button variant="outline" loading={startingEmail} onClick={() => void beginEmail()}>{t('mfa.turnOnEmail')}</Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export function Component() {
  return <SettingsMessages><MultiFactorPageContent /></SettingsMessages>;
}
