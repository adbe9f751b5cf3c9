/** The form that creates a recording export definition or changes one; the server's refusals show on their fields or above the button. */
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import { formErrors, inputOf, LAYOUTS, MEDIA, PLACEHOLDERS, TRACKS, type Definition, type ExportForm } from './recordingExportForm';
import { useCreateDefinition, useEditDefinition } from './useRecordingExportMutations';

interface Props {
  form: ExportForm;
  ecosystems: ReadonlyArray<{ readonly rawId: string; readonly name: string }>;
  onChange: (form: ExportForm) => void;
  onSaved: (saved: Definition, created: boolean) => void;
  onCancel: () => void;
}

export function RecordingExportForm({ form, ecosystems, onChange, onSaved, onCancel }: Props) {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<'name' | 'ecosystemId' | 'fileNameTemplate' | 'layout', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useCreateDefinition();
  const [edit, editing] = useEditDefinition();
  const set = <K extends keyof ExportForm>(key: K, value: ExportForm[K]) => onChange({ ...form, [key]: value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const invalid = formErrors(form);
    setErrors(Object.fromEntries(Object.entries(invalid).map(([k, v]) => [k, t(v)])));
    if (Object.keys(invalid).length > 0) return;
    try {
      const input = inputOf(form);
      const saved = form.definitionId === null
        ? (await create({ variables: { input } })).createCustomLessonspaceRecordingExportDefinition
        : (await edit({ variables: { definitionId: form.definitionId, input } })).editCustomLessonspaceRecordingExportDefinition;
      setErrors({});
      onSaved(saved, form.definitionId === null);
    } catch (err) {
      const fields = fieldErrors(err);
      // The command's own checks name the definition's fields; the API's name the input's.
      const of = (key: string) => fields[`input.${key}`] ?? fields[key];
      setErrors({ name: of('name'), ecosystemId: of('ecosystemId'), fileNameTemplate: of('fileNameTemplate'), layout: of('layout') });
      setFormError(displayError(err));
    }
  };
  const title = form.definitionId === null ? t('recordingExports.createTitle') : t('recordingExports.editTitle', { name: form.name });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="recording-export-form">
      <Stack gap="sm">
        <Title order={2} size="h3" id="recording-export-form" className="wrap-anywhere">{title}</Title>
        <TextInput label={t('recordingExports.name')} value={form.name} required onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name} aria-invalid={errors.name ? true : undefined} autoComplete="off" />
        <NativeSelect label={t('recordingExports.ecosystem')} value={form.ecosystemId} error={errors.ecosystemId}
          data={[{ value: '', label: t('recordingExports.allEcosystems') }, ...ecosystems.map((e) => ({ value: e.rawId, label: e.name }))]}
          onChange={(e) => set('ecosystemId', e.currentTarget.value)} />
        <NativeSelect label={t('recordingExports.media')} value={form.media} data={MEDIA.map((m) => ({ value: m, label: t(`recordingExports.media.${m}`) }))}
          onChange={(e) => set('media', MEDIA.find((m) => m === e.currentTarget.value) ?? 'VIDEO')} />
        <NativeSelect label={t('recordingExports.tracks')} value={form.tracks} data={TRACKS.map((m) => ({ value: m, label: t(`recordingExports.tracks.${m}`) }))}
          onChange={(e) => set('tracks', TRACKS.find((m) => m === e.currentTarget.value) ?? 'EVERYONE')} />
        <Checkbox label={t('recordingExports.includeContent')} checked={form.includeContent} onChange={(e) => set('includeContent', e.currentTarget.checked)} />
        {form.media === 'VIDEO' && (
          <NativeSelect label={t('recordingExports.layout')} value={form.layout} error={errors.layout}
            data={[{ value: '', label: t('recordingExports.layout.none') }, ...LAYOUTS.map((l) => ({ value: l, label: t(`recordingExports.layout.${l}`) }))]}
            onChange={(e) => set('layout', LAYOUTS.find((l) => l === e.currentTarget.value) ?? '')} />
        )}
        <TextInput label={t('recordingExports.fileNameTemplate')} value={form.fileNameTemplate} required autoComplete="off"
          description={t('recordingExports.fileNameHint', { placeholders: PLACEHOLDERS })} onChange={(e) => set('fileNameTemplate', e.currentTarget.value)}
          error={errors.fileNameTemplate} aria-invalid={errors.fileNameTemplate ? true : undefined} />
        <Group>
          <Button type="submit" loading={creating || editing}>{t(form.definitionId === null ? 'recordingExports.create' : 'recordingExports.save')}</Button>
          {form.definitionId !== null && <Button variant="default" onClick={onCancel}>{t('recordingExports.cancelEdit')}</Button>}
        </Group>
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
      </Stack>
    </form>
  );
}
