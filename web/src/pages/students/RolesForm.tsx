/**
 * Giving or taking one ecosystem role (decision 0049), for one person, the selected people or
 * everyone matching: the fields, and the dialog that sends them to the chosen people at once.
 * Program roles are not offered: each needs its program, which the program's page knows.
 */
import { NativeSelect, Radio, Group, Text } from '@mantine/core';
import { useState, type RefObject } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { ECOSYSTEM_ROLES, roleChanges, type EcosystemRole, type RoleAction } from './adminForms';
import { FormDialog } from './FormDialog';
import { useUpdatePermissionsMutation } from './useUpdatePermissionsMutation';
import { roleLabel } from './words';

export interface RoleChoice { action: RoleAction; role: EcosystemRole }
export const FIRST_CHOICE: RoleChoice = { action: 'add', role: 'STUDENT' };

export function RoleFields({ value, onChange }: { value: RoleChoice; onChange: (v: RoleChoice) => void }) {
  const t = useT();
  return (
    <>
      <Radio.Group label={t('adminUsers.roles.action')} value={value.action} onChange={(a) => onChange({ ...value, action: a as RoleAction })}>
        <Group gap="md" mt={4}>
          <Radio value="add" label={t('adminUsers.roles.add')} />
          <Radio value="remove" label={t('adminUsers.roles.remove')} />
        </Group>
      </Radio.Group>
      <NativeSelect label={t('adminUsers.roles.role')} value={value.role} onChange={(e) => onChange({ ...value, role: e.currentTarget.value as EcosystemRole })}
        data={ECOSYSTEM_ROLES.map((r) => ({ value: r, label: t(roleLabel(r)) }))} />
      <Text size="sm" c="dimmed">{t('adminUsers.roles.note')}</Text>
    </>
  );
}

interface Props {
  ecosystemId: string;
  userIds: string[];
  title: string;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** updateOneOrManyUserPermissions for the people named: at most 100, all checked before anything is written. */
export function RolesDialog({ ecosystemId, userIds, title, opened, onClose, onChanged, returnFocusRef }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [choice, setChoice] = useState<RoleChoice>(FIRST_CHOICE);
  const [formError, setFormError] = useState<string | undefined>();
  const [update, updating] = useUpdatePermissionsMutation();
  const close = () => { setChoice(FIRST_CHOICE); setFormError(undefined); onClose(); };
  const submit = async () => {
    setFormError(undefined);
    try {
      const count = await update(ecosystemId, userIds, roleChanges(choice.action, choice.role));
      showToast({ color: 'teal', message: t('adminUsers.roles.changed', { count }) });
      close();
      onChanged();
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <FormDialog opened={opened} onClose={close} title={title} submitLabel={t('adminUsers.roles.submitSelected')}
      onSubmit={() => void submit()} loading={updating} formError={formError} returnFocusRef={returnFocusRef}>
      <RoleFields value={choice} onChange={setChoice} />
    </FormDialog>
  );
}
