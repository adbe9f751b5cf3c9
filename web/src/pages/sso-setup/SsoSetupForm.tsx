/**
 * The form that sets up (or changes) one provider. The client secret is write-only: with one set,
 * the admin chooses "keep" (nothing sent) or "set" (a new one typed in); it is never shown back.
 */
import { Alert, Button, Group, NativeSelect, PasswordInput, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import { providerName } from '../sso/providers';
import { canKeepSecret, formErrors, formFor, NEW_ACCOUNT_ROLES, PROTOCOLS, PROVIDERS, setupInput, urlFieldsOf, usesSecret,
  type FormErrors, type Setup, type SetupForm } from './ssoSetupForm';
import { replaceSetups, useConfigureSsoProviderMutation } from './useConfigureSsoProviderMutation';

interface Props {
  ecosystemId: string;
  setups: readonly Setup[];
  form: SetupForm;
  onChange: (form: SetupForm) => void;
}

export function SsoSetupForm({ ecosystemId, setups, form, onChange }: Props) {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<keyof SetupForm, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Said next to the button, not in a toast: at phone width a toast would cover the form's button.
  const [saved, setSaved] = useState<string | null>(null);
  const [save, saving] = useConfigureSsoProviderMutation();
  const canKeep = canKeepSecret(form, setups);
  const set = <K extends keyof SetupForm>(key: K, value: SetupForm[K]) => onChange({ ...form, [key]: value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setSaved(null);
    const invalid: FormErrors = formErrors(form, canKeep);
    setErrors(Object.fromEntries(Object.entries(invalid).map(([k, v]) => [k, t(v)])));
    if (Object.keys(invalid).length > 0) return;
    try {
      await save({ variables: { input: setupInput(ecosystemId, form, canKeep) }, updater: replaceSetups(ecosystemId) });
      onChange({ ...form, clientSecret: '', secretMode: usesSecret(form.protocol) ? 'keep' : 'set' });
      setSaved(t('ssoSetup.saved', { provider: providerName(form.provider) }));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors({ clientSecret: fields.clientSecret, samlCertificate: fields.samlCertificate, samlEntryPoint: fields.samlEntryPoint, authorizationEndpoint: fields.endpoints });
      setFormError(displayError(err));
    }
  };
  const text = (key: 'issuer' | 'clientId' | 'districtClaim' | 'authorizationEndpoint' | 'tokenEndpoint' | 'userinfoEndpoint' | 'samlEntryPoint',
    label: MessageId, extra: { description?: string; required?: boolean } = {}) => (
    <TextInput label={t(label)} value={form[key]} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]}
      aria-invalid={errors[key] ? true : undefined} autoComplete="off" {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="sso-setup-form">
      <Stack gap="sm">
        <Title order={2} size="h3" id="sso-setup-form">{t('ssoSetup.formTitle')}</Title>
        <NativeSelect label={t('ssoSetup.provider')} value={form.provider} data={PROVIDERS.map((p) => ({ value: p, label: providerName(p) }))}
          onChange={(e) => { const p = PROVIDERS.find((x) => x === e.currentTarget.value); if (p) { setErrors({}); setSaved(null); onChange(formFor(p, setups)); } }} />
        <NativeSelect label={t('ssoSetup.protocol')} value={form.protocol} data={[...PROTOCOLS[form.provider]]}
          onChange={(e) => { const p = PROTOCOLS[form.provider].find((x) => x === e.currentTarget.value); if (p) set('protocol', p); }} />
        {text('issuer', 'ssoSetup.issuer', { description: t('ssoSetup.issuerHint'), required: true })}
        {text('clientId', 'ssoSetup.clientId', { required: true })}
        {usesSecret(form.protocol) && <SecretField form={form} canKeep={canKeep} error={errors.clientSecret} onChange={onChange} />}
        {urlFieldsOf(form.protocol).map((field) => <div key={field}>{text(field, `ssoSetup.${field}`, { required: true })}</div>)}
        {form.protocol === 'SAML' && (
          <Textarea label={t('ssoSetup.samlCertificate')} value={form.samlCertificate} autosize minRows={3} maxRows={8} required
            onChange={(e) => set('samlCertificate', e.currentTarget.value)} error={errors.samlCertificate} aria-invalid={errors.samlCertificate ? true : undefined}
            styles={{ input: { fontFamily: 'monospace' } }} />
        )}
        {text('districtClaim', 'ssoSetup.districtClaim', { description: t('ssoSetup.optional') })}
        <NativeSelect label={t('ssoSetup.role')} value={form.newAccountRole}
          data={[{ value: '', label: t('ssoSetup.role.none') }, ...NEW_ACCOUNT_ROLES.map((r) => ({ value: r, label: t(`ssoSetup.role.${r}`) }))]}
          onChange={(e) => set('newAccountRole', NEW_ACCOUNT_ROLES.find((r) => r === e.currentTarget.value) ?? '')} />
        <Group><Button type="submit" loading={saving}>{t('ssoSetup.save')}</Button></Group>
        {saved && <Alert color="teal" role="status">{saved}</Alert>}
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
      </Stack>
    </form>
  );

}

function SecretField({ form, canKeep, error, onChange }: { form: SetupForm; canKeep: boolean; error?: string; onChange: (form: SetupForm) => void }) {
  const t = useT();
  const typing = !canKeep || form.secretMode === 'set';
  return (
    <Stack gap={6}>
      {canKeep && (
        <Radio.Group label={t('ssoSetup.secret')} value={form.secretMode} onChange={(v) => onChange({ ...form, secretMode: v === 'set' ? 'set' : 'keep', clientSecret: '' })}>
          <Group gap="md" mt={4}>
            <Radio value="keep" label={t('ssoSetup.secretKeep')} />
            <Radio value="set" label={t('ssoSetup.secretReplace')} />
          </Group>
        </Radio.Group>
      )}
      {typing && (
        <PasswordInput label={t(canKeep ? 'ssoSetup.newSecret' : 'ssoSetup.secret')} value={form.clientSecret} autoComplete="new-password" required
          onChange={(e) => onChange({ ...form, clientSecret: e.currentTarget.value })} error={error} aria-invalid={error ? true : undefined} />
      )}
    </Stack>
  );
}
