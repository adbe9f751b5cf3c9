/**
 * The generic confirmation dialog of SPEC section 2: close button, optional success icon, title,
 * optional text, one or two buttons with default labels Close and Continue. With `onConfirm` it
 * shows both buttons; without, it is an acknowledgement with the close button only.
 */
import { Button, CheckIcon, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useT } from '../i18n/terms';
import { returnFocusProps } from './returnFocus';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text?: ReactNode;
  success?: boolean;
  onConfirm?: () => void;
  closeLabel?: string;
  confirmLabel?: string;
  /** Colours the confirm button red for destructive actions. */
  destructive?: boolean;
  loading?: boolean;
  /** Server-side rendering and tests render the dialog in place instead of in a portal. */
  withinPortal?: boolean;
  /** Where focus goes once the dialog has closed, when the control that opened it is gone (a menu item). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useT();
  const { opened, onClose, title, text, success = false, onConfirm, loading = false } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      withinPortal={props.withinPortal ?? true}
      {...returnFocusProps(props.returnFocusRef)}
      centered
      title={title}
      closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}
    >
      <Stack gap="md">
        {success && (
          <ThemeIcon color="teal" radius="xl" size="xl" role="img" aria-label={t('dialog.successIcon')}>
            <CheckIcon size={20} />
          </ThemeIcon>
        )}
        {text !== undefined && <Text>{text}</Text>}
        <Group justify="flex-end" gap="sm">
          <Button variant={onConfirm ? 'default' : 'filled'} onClick={onClose} disabled={loading}>
            {props.closeLabel ?? t('dialog.close')}
          </Button>
          {onConfirm && (
            <Button color={props.destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
              {props.confirmLabel ?? t('dialog.continue')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
