/**
 * The admin's dialogs on one person's account (decision 0049): set a password (typed twice, the
 * rules shown), change the e-mail address or the phone number, and send a short message. The
 * server applies the policies; these dialogs show its refusal in place and change nothing then.
 */
import { PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { showToast } from '../../components/toast';
import { useT } from '../../i18n/terms';
import { emailErrors, messageErrors, passwordErrors, phoneErrors } from './adminForms';
import { FormDialog } from './FormDialog';
import { useDialogForm } from './useDialogForm';
import { useSaveUserEmailMutation } from './useSaveUserEmailMutation';
import { useSaveUserPasswordMutation } from './useSaveUserPasswordMutation';
import { useSaveUserPhoneMutation } from './useSaveUserPhoneMutation';
import { useSendFollowUpMutation } from './useSendFollowUpMutation';

export interface Person { userId: string; name: string; roles: readonly string[] }

export interface PersonDialogProps {
  person: Person;
  ecosystemId: string;
  opened: boolean;
  onClose: () => void;
  /** After a change the roster shows (e-mail, roles, family). */
  onChanged: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

function useClose(props: PersonDialogProps, reset: () => void) {
  return () => { reset(); props.onClose(); };
}

export function PasswordDialog(props: PersonDialogProps) {
  const t = useT();
  const [save, saving] = useSaveUserPasswordMutation();
  const form = useDialogForm({ password: '', retyped: '' }, passwordErrors, (v) => save(props.person.userId, v.password));
  const close = useClose(props, form.reset);
  const toggle = { visibilityToggleButtonProps: { 'aria-label': t('login.togglePassword') } };
  const submit = async () => {
    if (!(await form.submit())) return;
    showToast({ color: 'teal', message: t('adminUsers.password.done', { name: props.person.name }) });
    props.onClose();
  };
  return (
    <FormDialog opened={props.opened} onClose={close} title={t('adminUsers.password.title', { name: props.person.name })}
      intro={t('adminUsers.password.intro')} submitLabel={t('adminUsers.password.submit')} onSubmit={() => void submit()}
      loading={saving} formError={form.formError} errors={form.errors} returnFocusRef={props.returnFocusRef}>
      <PasswordInput label={t('adminUsers.password.new')} description={t('password.rules')} autoComplete="new-password" required data-autofocus {...toggle} {...form.field('password')} />
      <PasswordInput label={t('adminUsers.password.retype')} autoComplete="new-password" required {...toggle} {...form.field('retyped')} />
    </FormDialog>
  );
}

export function EmailDialog(props: PersonDialogProps) {
  const t = useT();
  const [save, saving] = useSaveUserEmailMutation();
  const form = useDialogForm({ email: '' }, emailErrors, (v) => save(props.person.userId, props.ecosystemId, v.email.trim()));
  const close = useClose(props, form.reset);
  const submit = async () => {
    const email = form.values.email.trim();
    if (!(await form.submit())) return;
    showToast({ color: 'teal', message: t('adminUsers.email.done', { name: props.person.name, email }) });
    props.onClose();
    props.onChanged();
  };
  return (
    <FormDialog opened={props.opened} onClose={close} title={t('adminUsers.email.title', { name: props.person.name })}
      intro={t('adminUsers.email.intro')} submitLabel={t('common.save')} onSubmit={() => void submit()}
      loading={saving} formError={form.formError} errors={form.errors} returnFocusRef={props.returnFocusRef}>
      <TextInput type="email" label={t('adminUsers.email.label')} autoComplete="off" required data-autofocus {...form.field('email')} />
    </FormDialog>
  );
}

export function PhoneDialog(props: PersonDialogProps) {
  const t = useT();
  const [save, saving] = useSaveUserPhoneMutation();
  const form = useDialogForm({ phone: '' }, phoneErrors, (v) => save(props.person.userId, props.ecosystemId, v.phone.replace(/\D/g, '')));
  const close = useClose(props, form.reset);
  const submit = async () => {
    if (!(await form.submit())) return;
    showToast({ color: 'teal', message: t('adminUsers.phone.done', { name: props.person.name }) });
    props.onClose();
  };
  return (
    <FormDialog opened={props.opened} onClose={close} title={t('adminUsers.phone.title', { name: props.person.name })}
      intro={t('adminUsers.phone.intro')} submitLabel={t('common.save')} onSubmit={() => void submit()}
      loading={saving} formError={form.formError} errors={form.errors} returnFocusRef={props.returnFocusRef}>
      <TextInput type="tel" label={t('adminUsers.phone.label')} description={t('adminUsers.phone.rules')} autoComplete="off" required data-autofocus {...form.field('phone')} />
    </FormDialog>
  );
}

export function MessageDialog(props: PersonDialogProps) {
  const t = useT();
  const [send, sending] = useSendFollowUpMutation();
  const form = useDialogForm<'message' | 'error'>({ message: '', error: '' }, messageErrors,
    (v) => send(props.person.userId, props.ecosystemId, v.message.trim(), v.error.trim() || null));
  const close = useClose(props, form.reset);
  const submit = async () => {
    if (!(await form.submit())) return;
    showToast({ color: 'teal', message: t('adminUsers.message.done', { name: props.person.name }) });
    props.onClose();
  };
  return (
    <FormDialog opened={props.opened} onClose={close} title={t('adminUsers.message.title', { name: props.person.name })}
      intro={t('adminUsers.message.intro')} submitLabel={t('adminUsers.message.submit')} onSubmit={() => void submit()}
      loading={sending} formError={form.formError} errors={form.errors} returnFocusRef={props.returnFocusRef}>
      <Textarea label={t('adminUsers.message.label')} autosize minRows={3} maxRows={8} required data-autofocus {...form.field('message')} />
      <Textarea label={t('adminUsers.message.error')} description={t('adminUsers.message.errorHint')} autosize minRows={2} maxRows={6} {...form.field('error')} />
    </FormDialog>
  );
}
