/**
 * The Mantine theme. Mantine's default shades put text below the 4.5:1 contrast WCAG AA asks of
 * normal text (indigo-6 links 4.3:1, teal-6 badges 2.6:1, gray-6 "dimmed" text 3.3:1), so text
 * colours move to darker shades (checked by axe-core in the browser tests). Close buttons that
 * show only an icon get their accessible name here, in the interface language.
 *
 * Dialogs, menus and dropdowns render into <main> rather than at the end of <body>: there they
 * are inside the page's landmarks, and a dialog's <header> is not taken for a second banner.
 */
import {
  createTheme, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type MantineThemeOverride, type VariantColorsResolver,
} from '@mantine/core';

const PRIMARY = 'indigo';

/** Where the app's portals render (components/AppLayout.tsx). */
export const PORTAL_TARGET = '#main';

/** Filled backgrounds under white text: shade 8 of indigo (5.7:1), shade 9 of the lighter hues (teal 5.0:1, red 5.5:1). */
function filledShade(color: string): number {
  return color === PRIMARY || color === 'gray' || color === 'dark' ? 8 : 9;
}

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const shade = (n: number) => `var(--mantine-color-${parsed.color}-${n})`;
  switch (input.variant) {
    case 'filled':
      return { ...colors, background: shade(filledShade(parsed.color)), hover: shade(9), color: 'var(--mantine-color-white)' };
    // Shade 9 on the palest tint: teal 4.7:1, indigo 6.4:1 (Mantine's light tint under shade 6 text: 2.6:1).
    case 'light':
      return { ...colors, background: shade(0), hover: shade(1), color: shade(9), hoverColor: shade(9) };
    case 'subtle':
      return { ...colors, color: shade(9), hoverColor: shade(9), hover: shade(0) };
    case 'outline':
      return { ...colors, color: shade(9), hoverColor: shade(9), border: shade(9), hover: shade(0) };
    default:
      return colors;
  }
};

/** Mantine's gray-6 "dimmed" text and red-6 error text read at 3.3:1 on white; gray-7 and red-9 pass. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export interface ThemeLabels {
  /** The accessible name of the close (×) button of dialogs and toasts. */
  close: string;
}

export function appTheme(labels: ThemeLabels): MantineThemeOverride {
  return createTheme({
    primaryColor: PRIMARY,
    primaryShade: 8,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    variantColorResolver,
    // Plain objects rather than Modal.extend(): importing the components would put them in the first load.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Portal: { defaultProps: { target: PORTAL_TARGET } },
      // Mantine's focus placeholder is a focusable element with role="presentation" inside role="menu"
      // (invalid ARIA); without it the menu focuses its first item, as the ARIA menu pattern asks.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A table wider than the screen scrolls in its own box; keyboard users must be able to scroll it too.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    },
  });
}
