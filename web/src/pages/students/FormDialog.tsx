/**
 * A dialog holding a small form (the admin's actions on a person, a session's actions): title,
 * optional intro, the fields, then an optional further action, Cancel (or `closeLabel`) and the
 * submit button. It frames ConfirmDialog's look and focus rules
 * (components/ConfirmDialog.tsx) around a form, which a confirmation's text paragraph cannot hold.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import { useT } from '../../i18n/terms';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro?: string;
  submitLabel: string;
  onSubmit: () => void;
  loading: boolean;
  /** The server's answer when it refused, shown above the fields. */
  formError?: string;
  /** Field errors of the last refused submit: a new object each time, so the first invalid field gets focus. */
  errors?: Record<string, unknown>;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Server-side rendering and tests render the dialog in place instead of in a portal. */
  withinPortal?: boolean;
  /** Another way to submit, shown before the close button (an admin's "Book anyway"). */
  extra?: ReactNode;
  /** The close button's words when "Cancel" would read as the action (beside "Cancel session": "Close"). */
  closeLabel?: string;
  children: ReactNode;
}

export function FormDialog(props: Props) {
  const t = useT();
  // A new refusal (field errors or the server's) moves the reader to it; nothing to do before one.
  const attempt = useMemo(() => (props.errors || props.formError ? {} : null), [props.errors, props.formError]);
  const formRef = useFocusInvalid(attempt);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} centered title={props.title} withinPortal={props.withinPortal ?? true}
      {...returnFocusProps(props.returnFocusRef)} closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={props.title}>
        <Stack gap="md">
          {props.intro && <Text size="sm">{props.intro}</Text>}
          {props.formError && <Alert color="red" role="alert">{props.formError}</Alert>}
          {props.children}
          <Group justify="flex-end" gap="sm">
            {props.extra}
            <Button variant="default" onClick={props.onClose} disabled={props.loading}>{props.closeLabel ?? t('common.cancel')}</Button>
            <Button type="submit" loading={props.loading}>{props.submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
