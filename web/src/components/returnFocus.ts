/**
 * Focus after a dialog opened from a menu: Mantine's Modal returns focus to the element focused
 * when it opened, but that was the menu item, which is gone by then, so focus would fall to the
 * page. With a ref to the menu's button, the dialog focuses that instead once it has closed.
 */
import type { RefObject } from 'react';

export interface ReturnFocusProps {
  returnFocus?: boolean;
  onExitTransitionEnd?: () => void;
}

export function returnFocusProps(ref: RefObject<HTMLElement | null> | undefined): ReturnFocusProps {
  if (!ref) return {};
  return { returnFocus: false, onExitTransitionEnd: () => ref.current?.focus() };
}
