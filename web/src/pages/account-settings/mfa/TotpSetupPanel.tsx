/**
 * Setting up an authenticator app: the QR code (or the key to type), then a first code from the
 * app. Used by the settings page and by the log-in that an ecosystem's rule sends through a set-up
 * first, so it imports nothing of Relay.
 */
import { Alert, Button, Code, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../../components/focusInvalid';
import { useT } from '../../../i18n/terms';
import { codeInputError } from './codeInput';

export interface TotpEnrolmentValue {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

export function qrCodeSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** `submit` answers an error to show (the server's words), or null when the code was taken. */
export function TotpSetupPanel({ enrolment, submit, busy }: {
  enrolment: TotpEnrolmentValue;
  submit: (code: string) => Promise<string | null>;
  busy: boolean;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = codeInputError(code, false);
    if (invalid) return setErrors({ code: t(invalid) });
    const failed = await submit(code.trim());
    setErrors(failed ? { form: failed } : {});
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="mfa-setup-title">
      <Stack>
        <Text fw={600} id="mfa-setup-title">{t('mfa.setupTitle')}</Text>
        <List type="ordered" spacing="xs">
          <List.Item>{t('mfa.setupScan')}</List.Item>
          <List.Item>{t('mfa.setupEnterCode')}</List.Item>
        </List>
        <Image src={qrCodeSource(enrolment.qrCodeSvg)} alt={t('mfa.qrAlt')} w={200} h={200} bg="white" data-testid="mfa-qr" />
        <Text size="sm">{t('mfa.setupKey')}</Text>
        <Code block data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>{enrolment.secret}</Code>
        {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
        <TextInput label={t('mfa.codeLabel')} inputMode="numeric" autoComplete="one-time-code" required maxLength={6}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} aria-invalid={errors.code ? true : undefined} />
        <Button type="submit" loading={busy} w="fit-content">{t('mfa.setupSubmit')}</Button>
      </Stack>
    </form>
  );
}
