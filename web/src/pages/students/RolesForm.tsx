/**
 * Giving or taking one role (decision 0049), an ecosystem role or a role in one program, for one
 * person or the selected people at once (at most 100; the title says how many). For one person the
 * dialog also lists their program roles, each to take away.
 */
import { Text } from '@mantine/core';
import { Suspense, useState, type RefObject } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from './FormDialog';
import { HeldProgramRoles } from './HeldProgramRoles';
import { choiceChanges } from './roleChoices';
import { RoleFields, type Chosen } from './RoleFields';
import { useUpdatePermissionsMutation } from './useUpdatePermissionsMutation';

interface Props {
  ecosystemId: string;
  userIds: string[];
  title: string;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** List the one person's program roles, each to take away. */
  showHeld?: boolean;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** updateOneOrManyUserPermissions for the people named: at most 100, all checked before anything is written. */
export function RolesDialog({ ecosystemId, userIds, title, opened, onClose, onChanged, showHeld, returnFocusRef }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [formError, setFormError] = useState<string | undefined>();
  // A role taken away from the list refreshes the roster only once the dialog closes: refreshing
  // it at once would suspend the roster, and with it this dialog.
  const [dirty, setDirty] = useState(false);
  const [update, updating] = useUpdatePermissionsMutation();
  const close = (changed = dirty) => {
    setChosen(null); setFormError(undefined); setDirty(false); onClose();
    if (changed) onChanged();
  };
  const submit = async () => {
    setFormError(undefined);
    if (!chosen) { setFormError(t('adminUsers.roles.nothingToGive')); return; }
    try {
      const count = await update(ecosystemId, userIds, choiceChanges(chosen.choice));
      showToast({ color: 'teal', message: t('adminUsers.roles.changed', { count }) });
      close(true);
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <FormDialog opened={opened} onClose={() => close()} title={title} submitLabel={t('adminUsers.roles.submitSelected')}
      onSubmit={() => void submit()} loading={updating} formError={formError} returnFocusRef={returnFocusRef}>
      {opened && (
        <Suspense fallback={<Text size="sm">{t('adminUsers.roles.loading')}</Text>}>
          {showHeld && userIds[0] && <HeldProgramRoles userId={userIds[0]} ecosystemId={ecosystemId} onChanged={() => setDirty(true)} />}
          <RoleFields ecosystemId={ecosystemId} value={chosen} onChange={setChosen} />
        </Suspense>
      )}
    </FormDialog>
  );
}
