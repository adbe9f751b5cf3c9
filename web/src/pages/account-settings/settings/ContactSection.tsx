/**
 * Contact info: the phone number, checked as spec section 5 says (10 digits, optional leading 1)
 * and shown as (xxx) xxx-xxxx once saved; the e-mail address with its verified flag, and the form
 * that changes it through a verification link (EmailChangeForm).
 */
import { Alert, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/toast';
import { useT } from '../../../i18n/terms';
import { displayError, fieldErrors } from '../../../relay/errors';
import { phoneError } from './rules';
import { EmailChangeForm, type EmailState } from './EmailChangeForm';
import { Section } from './Section';
import { usePhoneMutation } from './useSettingsMutations';

interface Props {
  email: EmailState;
  phoneNumber: string | null | undefined;
  formattedPhoneNumber: string | null | undefined;
}

export function ContactSection({ email, phoneNumber, formattedPhoneNumber }: Props) {
  const t = useT();
  const [phone, setPhone] = useState(formattedPhoneNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = usePhoneMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = phoneError(phone);
    setError(invalid ? t(invalid) : null);
    if (invalid) return;
    try {
      await save({ variables: { phoneNumber: phone.trim() === '' ? null : phone } });
      showToast({ color: 'teal', message: t('settings.saved') });
    } catch (err) {
      setError(fieldErrors(err)['input.phoneNumber'] ?? null);
      setFormError(displayError(err));
    }
  };
  return (
    <Section id="settings-contact" title={t('settings.contact.title')}>
      <form onSubmit={submit} noValidate aria-labelledby="settings-contact">
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('settings.contact.phone')} description={t('settings.contact.phoneHint')} type="tel" autoComplete="tel"
            value={phone} onChange={(e) => setPhone(e.currentTarget.value)} error={error} aria-invalid={error ? true : undefined}
            style={{ flex: '1 1 14rem' }} />
          <Button type="submit" loading={saving}>{t('common.save')}</Button>
        </Group>
        {phoneNumber && formattedPhoneNumber && <Text size="sm" mt={4}>{t('settings.contact.phoneShown', { phone: formattedPhoneNumber })}</Text>}
        {formError && <Alert color="red" role="alert" mt="xs">{formError}</Alert>}
      </form>
      <div>
        <Text size="sm" fw={500}>{t('settings.contact.email')}</Text>
        <Group gap="xs" wrap="wrap">
          <Text style={{ overflowWrap: 'anywhere' }}>{email.address}</Text>
          <Badge variant="light" color={email.verified ? 'teal' : 'gray'}>
            {email.verified ? t('settings.contact.emailVerified') : t('settings.contact.emailUnverified')}
          </Badge>
        </Group>
      </div>
      <EmailChangeForm email={email} />
    </Section>
  );
}
