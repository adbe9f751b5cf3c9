/**
 * A change to one's second factor (turning it off, new recovery codes) is proven by a code from the
 * app, a recovery code, or the password (docs/decisions/0039, 0043).
 */
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../../components/focusInvalid';
import { useErrorText } from '../../../components/useErrorText';
import { useT } from '../../../i18n/terms';
import { codeInputError } from './codeInput';

export interface Proof {
  code: string | null;
  password: string | null;
}

export function ProofForm({ id, title, text, submitLabel, danger, busy, submit, onCancel }: {
  id: string;
  title: string;
  text: string;
  submitLabel: string;
  danger: boolean;
  busy: boolean;
  submit: (proof: Proof) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() && !password) return setErrors({ code: t('mfa.proofRequired') });
    const invalid = code.trim() ? codeInputError(code, true) : null;
    if (invalid) return setErrors({ code: t(invalid) });
    try {
      await submit({ code: code.trim() || null, password: code.trim() ? null : password });
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Stack>
        <Text fw={600} id={id}>{title}</Text>
        <Text size="sm">{text}</Text>
        {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
        <TextInput label={t('mfa.turnOffCode')} autoComplete="one-time-code" maxLength={20}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} aria-invalid={errors.code ? true : undefined} />
        <PasswordInput label={t('mfa.turnOffPassword')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }} />
        <Group>
          <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>{submitLabel}</Button>
          <Button variant="subtle" onClick={onCancel}>{t('mfa.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
