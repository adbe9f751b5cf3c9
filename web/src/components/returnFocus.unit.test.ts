import { describe, expect, it, vi } from 'vitest';
import { returnFocusProps } from './returnFocus';

describe('returning focus after a dialog opened from a menu', () => {
  it("leaves Mantine's own focus return alone without a target", () => {
    expect(returnFocusProps(undefined)).toEqual({});
  });

  it('focuses the menu button once the dialog has closed, instead of the vanished menu item', () => {
    const button = { focus: vi.fn() } as unknown as HTMLElement;
    const props = returnFocusProps({ current: button });
    expect(props.returnFocus).toBe(false);
    expect(button.focus).not.toHaveBeenCalled();
    props.onExitTransitionEnd?.();
    expect(button.focus).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the button is gone too', () => {
    expect(() => returnFocusProps({ current: null }).onExitTransitionEnd?.()).not.toThrow();
  });
});
