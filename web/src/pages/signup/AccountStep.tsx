/**
 * The client sign-up flow's first step, ACCOUNT (SPEC section 3: the flow starts at ACCOUNT and
 * the type defaults to PARENT): who signs up, names, e-mail and the password typed twice. The
 * server's answer is the same for any address (docs/decisions/0044), so the next step always says
 * "check your e-mail".
 */
import { Alert, Button, Paper, PasswordInput, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useErrorText } from '../../components/useErrorText';
import { useSignupT as useT } from './SignupWords';
import { accountErrors, type AccountFields, type AccountErrors } from './accountInput';
import { sendSignUp } from './signupOperations';

export type ApplicantType = 'PARENT' | 'TUTOR' | 'STUDENT';

interface Props {
  name: string;
  profileId: string;
  types: ApplicantType[];
  initial: Partial<AccountFields> & { type?: ApplicantType | null; ticketId?: string | null };
  onDone: (email: string) => void;
}

export function AccountStep({ name, profileId, types, initial, onDone }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [type, setType] = useState<ApplicantType>(initial.type && types.includes(initial.type) ? initial.type : types[0]);
  const [fields, setFields] = useState<AccountFields>({
    firstName: initial.firstName ?? '', lastName: initial.lastName ?? '', email: initial.email ?? '', password: '', confirm: '',
  });
  const [errors, setErrors] = useState<AccountErrors & { form?: string }>({});
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid(errors);
  const set = (key: keyof AccountFields) => (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setFields((f) => ({ ...f, [key]: value })); };
  const shown = (key: keyof AccountFields) => { const id = errors[key]; return id ? t(id) : undefined; };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = accountErrors(fields);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      await sendSignUp({ profileId, applicantType: type, email: fields.email.trim(), password: fields.password,
        firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), ticketId: initial.ticketId ?? null });
      onDone(fields.email.trim());
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper maw={480} mx="auto" mt="xl" p="lg" withBorder>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="signup-title">
        <Stack>
          <Title order={1} size="h2" id="signup-title">{t('signup.account.title', { name })}</Title>
          {errors.form && <Alert color="red" role="alert" title={t('signup.account.failed')}>{errors.form}</Alert>}
          {types.length > 1 && (
            <Radio.Group label={t('signup.account.type')} value={type} onChange={(v) => setType(v as ApplicantType)}>
              <Stack gap="xs" mt="xs">{types.map((k) => <Radio key={k} value={k} label={t(`signup.type.${k}`)} />)}</Stack>
            </Radio.Group>
          )}
          <TextInput label={t('signup.account.firstName')} autoComplete="given-name" required value={fields.firstName} onChange={set('firstName')} error={shown('firstName')} />
          <TextInput label={t('signup.account.lastName')} autoComplete="family-name" required value={fields.lastName} onChange={set('lastName')} error={shown('lastName')} />
          <TextInput label={t('signup.account.email')} type="email" autoComplete="email" required value={fields.email} onChange={set('email')} error={shown('email')} />
          <PasswordInput label={t('signup.account.password')} autoComplete="new-password" required aria-invalid={errors.password ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }} value={fields.password} onChange={set('password')} error={shown('password')} />
          <PasswordInput label={t('signup.account.confirm')} autoComplete="new-password" required aria-invalid={errors.confirm ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }} value={fields.confirm} onChange={set('confirm')} error={shown('confirm')} />
          <Button type="submit" loading={busy}>{t('signup.account.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
