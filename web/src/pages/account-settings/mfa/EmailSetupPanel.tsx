/**
 * Setting up the e-mail code method (docs/decisions/0043): the code mailed to the account's address
 * confirms it, and a new code can be asked for after the server's cool-down.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../../components/focusInvalid';
import { useT } from '../../../i18n/terms';
import { codeInputError } from './codeInput';

/** `submit` and `resend` answer an error to show (the server's words), or null when it worked. */
export function EmailSetupPanel({ submit, resend, busy }: {
  submit: (code: string) => Promise<string | null>;
  resend: () => Promise<string | null>;
  busy: boolean;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const [resent, setResent] = useState(false);
  const formRef = useFocusInvalid(errors);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = codeInputError(code, false);
    if (invalid) return setErrors({ code: t(invalid) });
    const failed = await submit(code.trim());
    setErrors(failed ? { form: failed } : {});
  };
  const again = async () => {
    const failed = await resend();
    setResent(!failed);
    setErrors(failed ? { form: failed } : {});
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="mfa-email-title">
      <Stack>
        <Text fw={600} id="mfa-email-title">{t('mfa.emailSetupTitle')}</Text>
        <Text>{t('mfa.emailSetupText')}</Text>
        {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
        {resent && <Text role="status" size="sm">{t('mfa.resent')}</Text>}
        <TextInput label={t('mfa.codeLabel')} inputMode="numeric" autoComplete="one-time-code" required maxLength={6}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} aria-invalid={errors.code ? true : undefined} />
        <Group>
          <Button type="submit" loading={busy}>{t('mfa.setupSubmit')}</Button>
          <Button variant="outline" onClick={() => void again()}>{t('mfa.resend')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
