/**
 * The program's custom session properties, edited in place: each one's fields, a button to remove
 * it and one to add another. The list is saved whole with the rest of the form; the server's errors
 * come back by position (sessions.customSessionProperties.<i>.<field>) and show on that field.
 */
import { Button, Card, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { emptyProperty, FIELD_TYPES, hasOptions, type FieldType, type PropertyForm } from './programSettingsForm';
import type { SectionProps } from './SettingsSections';

const BASE = 'sessions.customSessionProperties';

/** The first error at or below a path (an option's error shows on the choices field). */
function errorAt(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

export function CustomPropertiesSection({ form, edit, errors }: SectionProps) {
  const t = useT();
  const list = form.sessions.customSessionProperties;
  const change = (i: number, patch: Partial<PropertyForm>) => edit((d) => {
    d.sessions.customSessionProperties[i] = { ...d.sessions.customSessionProperties[i]!, ...patch };
  });
  return (
    <Fieldset legend={t('programSettings.properties.title')} miw={0}>
      <Stack gap="md">
        <Text size="sm">{t('programSettings.properties.intro')}</Text>
        {list.length === 0 && <Text c="dimmed">{t('programSettings.properties.empty')}</Text>}
        {list.length > 0 && (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((p, i) => (
              <PropertyCard key={i} property={p} errors={errors} path={`${BASE}.${i}`} onChange={(patch) => change(i, patch)}
                onRemove={() => edit((d) => { d.sessions.customSessionProperties.splice(i, 1); })} />
            ))}
          </Stack>
        )}
        {errors[BASE] && <Text c="red" size="sm" role="alert">{errors[BASE]}</Text>}
        <Button variant="default" w="fit-content" onClick={() => edit((d) => { d.sessions.customSessionProperties.push(emptyProperty()); })}>
          {t('programSettings.properties.add')}
        </Button>
      </Stack>
    </Fieldset>
  );
}

function PropertyCard({ property: p, errors, path, onChange, onRemove }: {
  property: PropertyForm; errors: Record<string, string>; path: string;
  onChange: (patch: Partial<PropertyForm>) => void; onRemove: () => void;
}) {
  const t = useT();
  const name = p.label.trim() || t('programSettings.properties.unnamed');
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap="sm">
        <Text fw={600} className="wrap-anywhere">{name}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('programSettings.properties.label')} required value={p.label} error={errorAt(errors, `${path}.label`)}
            onChange={(e) => onChange({ label: e.currentTarget.value })} />
          <TextInput label={t('programSettings.properties.key')} required value={p.internalKeyName} description={t('programSettings.properties.keyHint')}
            error={errorAt(errors, `${path}.internalKeyName`)} onChange={(e) => onChange({ internalKeyName: e.currentTarget.value })} />
          <Select label={t('programSettings.properties.fieldType')} allowDeselect={false} value={p.fieldType} error={errorAt(errors, `${path}.fieldType`)}
            data={FIELD_TYPES.map((f) => ({ value: f, label: t(`programSettings.field.${f}`) }))}
            onChange={(v) => { if (v) onChange({ fieldType: v as FieldType }); }} />
          <Textarea label={t('programSettings.properties.description')} autosize minRows={1} value={p.description}
            error={errorAt(errors, `${path}.description`)} onChange={(e) => onChange({ description: e.currentTarget.value })} />
        </SimpleGrid>
        {hasOptions(p.fieldType) && (
          <Textarea label={t('programSettings.properties.options')} autosize minRows={2} value={p.options}
            error={errorAt(errors, `${path}.options`)} onChange={(e) => onChange({ options: e.currentTarget.value })} />
        )}
        <Group justify="space-between">
          <Checkbox label={t('programSettings.properties.required')} checked={p.required} error={errorAt(errors, `${path}.required`)}
            onChange={(e) => onChange({ required: e.currentTarget.checked })} />
          <Button size="xs" color="red" variant="light" onClick={onRemove} aria-label={t('programSettings.properties.remove', { name })}>
            {t('programSettings.properties.removeShort')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
