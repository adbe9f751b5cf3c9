/**
 * A row's actions behind one "⋯" button named for the row ("Actions for Algebra"). The dialogs its
 * items open outlive the menu, so the caller keeps `targetRef` to return focus to the button.
 */
import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useT } from '../i18n/terms';

interface Props {
  /** The row's name, for the button's accessible name. */
  name: string;
  targetRef: RefObject<HTMLButtonElement | null>;
  /** The Menu.Items. */
  children: ReactNode;
}

export function ActionsMenu({ name, targetRef, children }: Props) {
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={targetRef} variant="subtle" size="lg" aria-label={t('common.actionsFor', { name })}>
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
