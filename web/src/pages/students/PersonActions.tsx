/**
 * The admin's actions on one person of the roster (decision 0049), behind the row's "⋯" menu: family
 * links (parents and learners only), roles, password, e-mail, phone and a message. Each opens its
 * dialog; focus returns to the menu's button when the dialog closes.
 */
import { Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import { ActionsMenu } from '../../components/ActionsMenu';
import { useT } from '../../i18n/terms';
import type { MessageId } from '../../i18n/en';
import { EmailDialog, MessageDialog, PasswordDialog, PhoneDialog, type Person, type PersonDialogProps } from './AccountDialogs';
import { familySide } from './adminForms';
import { FamilyDialog } from './FamilyDialog';
import { RolesDialog } from './RolesForm';

type Action = 'family' | 'roles' | 'password' | 'email' | 'phone' | 'message';

const DIALOGS: Record<Exclude<Action, 'roles'>, (props: PersonDialogProps) => React.JSX.Element> = {
  family: FamilyDialog, password: PasswordDialog, email: EmailDialog, phone: PhoneDialog, message: MessageDialog,
};
const LABELS: Record<Action, MessageId> = {
  family: 'adminUsers.menu.family', roles: 'adminUsers.menu.roles', password: 'adminUsers.menu.password',
  email: 'adminUsers.menu.email', phone: 'adminUsers.menu.phone', message: 'adminUsers.menu.message',
};

export function PersonActions({ person, ecosystemId, onChanged }: { person: Person; ecosystemId: string; onChanged: () => void }) {
  const t = useT();
  const target = useRef<HTMLButtonElement>(null);
  // The last dialog stays mounted once closed, so it can fade out and then return focus to the menu.
  const [shown, setShown] = useState<{ action: Action; opened: boolean } | null>(null);
  const actions: Action[] = familySide(person.roles) ? ['family', 'roles', 'password', 'email', 'phone', 'message'] : ['roles', 'password', 'email', 'phone', 'message'];
  const close = () => setShown((s) => (s ? { ...s, opened: false } : null));
  const Dialog = shown && shown.action !== 'roles' ? DIALOGS[shown.action] : null;
  return (
    <>
      <ActionsMenu name={person.name} targetRef={target}>
        {actions.map((a) => <Menu.Item key={a} onClick={() => setShown({ action: a, opened: true })}>{t(LABELS[a])}</Menu.Item>)}
      </ActionsMenu>
      {Dialog && shown && <Dialog key={shown.action} person={person} ecosystemId={ecosystemId} opened={shown.opened} onClose={close} onChanged={onChanged} returnFocusRef={target} />}
      <RolesDialog ecosystemId={ecosystemId} userIds={[person.userId]} title={t('adminUsers.roles.titleOne', { name: person.name })}
        opened={shown?.action === 'roles' && shown.opened} onClose={close} onChanged={onChanged} showHeld returnFocusRef={target} />
    </>
  );
}
