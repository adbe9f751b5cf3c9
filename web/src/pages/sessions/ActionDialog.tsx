/**
 * A session action's dialog: title, intro, the fields, an optional further action (an admin's
 * "Book anyway"), then Close and the submit button. As students/FormDialog, it moves the reader to
 * the first problem after a refused submit; its close button reads "Close", since "Cancel" beside
 * "Cancel session" would name two opposite things alike.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import { useT } from '../../i18n/terms';

interface Props {
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
  returnFocus: HTMLElement | null;
  /** Another way to submit, shown before Close (an admin's "Book anyway"). */
  extra?: ReactNode;
  children: ReactNode;
}

export function ActionDialog(props: Props) {
  const t = useT();
  const attempt = useMemo(() => (props.errors || props.formError ? {} : null), [props.errors, props.formError]);
  const formRef = useFocusInvalid(attempt);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Modal opened onClose={props.onClose} centered title={props.title} {...returnFocusProps({ current: props.returnFocus })}
      closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={props.title}>
        <Stack gap="md">
          {props.intro && <Text size="sm">{props.intro}</Text>}
          {props.formError && <Alert color="red" role="alert">{props.formError}</Alert>}
          {props.children}
          <Group justify="flex-end" gap="sm">
            {props.extra}
            <Button variant="default" onClick={props.onClose} disabled={props.loading}>{t('dialog.close')}</Button>
            <Button type="submit" loading={props.loading}>{props.submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
