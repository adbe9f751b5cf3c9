/** The fields of /edit-profile in sections; saves only what changed. */
import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { showToast } from '../../components/toast';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import { changedInput, initialValues, validateProfile, type DemographicField, type LoadedProfile, type ProfileValues, type TextField } from './profileForm';
import { useUpdateUserMutation } from './useUpdateUserMutation';

/** The US zones of spec section 9, as IANA ids. */
const TIME_ZONES = [
  ['America/New_York', 'Eastern'], ['America/Chicago', 'Central'], ['America/Denver', 'Mountain'], ['America/Phoenix', 'Phoenix'],
  ['America/Los_Angeles', 'Pacific'], ['America/Anchorage', 'Alaska'], ['Pacific/Honolulu', 'Honolulu'],
] as const;

const LONG: ReadonlySet<TextField> = new Set(['bio', 'education', 'skillsAccomplishments', 'hobbiesInterests', 'availabilityDesc']);

const SECTIONS: Array<{ legend: MessageId; fields: TextField[] }> = [
  { legend: 'profile.section.basics', fields: ['firstName', 'lastName', 'preferredName', 'phoneNumber', 'status', 'school', 'gradeLevel'] },
  { legend: 'profile.section.about', fields: ['bio', 'education', 'skillsAccomplishments', 'hobbiesInterests', 'availabilityDesc'] },
  { legend: 'profile.section.application', fields: ['applicantType', 'currentMajor', 'expectedGraduationDate', 'organizationName', 'recruitmentSource'] },
];
const DEMOGRAPHICS: DemographicField[] = ['birthdate', 'sex', 'ethnicity', 'highestEducation'];

export function ProfileForm({ profile }: { profile: LoadedProfile }) {
  const t = useT();
  const [saved, setSaved] = useState<ProfileValues>(() => initialValues(profile));
  const [values, setValues] = useState<ProfileValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useFocusInvalid(errors);
  const [update, saving] = useUpdateUserMutation();

  const setText = (field: TextField, value: string) => setValues((v) => ({ ...v, text: { ...v.text, [field]: value } }));
  const setDemographic = (field: DemographicField, value: string) => setValues((v) => ({ ...v, demographics: { ...v.demographics, [field]: value } }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = validateProfile(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([field, id]) => [field, t(id)])));
      return;
    }
    setErrors({});
    const input = changedInput(saved, values);
    if (Object.keys(input).length === 0) {
      showToast({ color: 'gray', message: t('profile.nothingChanged') });
      return;
    }
    try {
      await update({ variables: { input } });
      setSaved(values);
      showToast({ color: 'teal', message: t('profile.saved') });
    } catch (error) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^input\.(demographics\.)?/, ''), message])));
      setFormError(displayError(error));
    }
  };

  const textInput = (field: TextField) => {
    const common = { label: t(`profile.field.${field}` as MessageId), value: values.text[field], error: errors[field],
      required: field === 'firstName' || field === 'lastName' };
    return LONG.has(field)
      ? <Textarea key={field} {...common} autosize minRows={2} onChange={(e) => setText(field, e.currentTarget.value)} />
      : <TextInput key={field} {...common} type={field === 'expectedGraduationDate' ? 'date' : field === 'phoneNumber' ? 'tel' : 'text'}
        onChange={(e) => setText(field, e.currentTarget.value)} />;
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
        {SECTIONS.map((section) => (
          <Fieldset key={section.legend} legend={t(section.legend)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{section.fields.map(textInput)}</SimpleGrid>
          </Fieldset>
        ))}
        <Fieldset legend={t('profile.section.preferences')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('profile.field.timeZoneId')} value={values.timeZoneId || null} error={errors.timeZoneId} clearable
              data={TIME_ZONES.map(([value, label]) => ({ value, label: t(`profile.zone.${label}` as MessageId) }))}
              onChange={(value) => setValues((v) => ({ ...v, timeZoneId: value ?? '' }))} />
            <Select label={t('profile.field.languagePreference')} value={values.languagePreference} allowDeselect={false}
              data={[{ value: 'en', label: 'English' }, { value: 'sp', label: 'Español' }]}
              onChange={(value) => setValues((v) => ({ ...v, languagePreference: value === 'sp' ? 'sp' : 'en' }))} />
            <Checkbox label={t('profile.field.canDrive')} checked={values.canDrive}
              onChange={(e) => setValues((v) => ({ ...v, canDrive: e.currentTarget.checked }))} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('profile.section.demographics')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DEMOGRAPHICS.map((field) => (
              <TextInput key={field} label={t(`profile.field.${field}` as MessageId)} type={field === 'birthdate' ? 'date' : 'text'}
                value={values.demographics[field]} error={errors[field]} onChange={(e) => setDemographic(field, e.currentTarget.value)} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
