/**
 * The Mantine theme. Mantine's default shades put text below the 4.5:1 contrast WCAG AA asks of
 * normal text (indigo-6 links 4.3:1, teal-6 badges 2.6:1, gray-6 "dimmed" text 3.3:1), so text
 * colours move to darker shades (checked by axe-core in the browser tests). Close buttons that
 * show only an icon get their accessible name here, in the interface language.
 */
import {
  createTheme, defaultVariantColorsResolver, parseThemeColor, type MantineThemeOverride, type VariantColorsResolver,
} from '@mantine/core';

const PRIMARY = 'indigo';

/** Text on white: shade 8 of indigo (5.7:1) and shade 9 of the lighter hues (teal 5.0:1, red 5.5:1). */
function textShade(color: string): number {
  return color === PRIMARY || color === 'gray' || color === 'dark' ? 8 : 9;
}

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const shade = `var(--mantine-color-${parsed.color}-${textShade(parsed.color)})`;
  switch (input.variant) {
    case 'filled':
      return { ...colors, background: shade, hover: `var(--mantine-color-${parsed.color}-9)`, color: 'var(--mantine-color-white)' };
    case 'light':
    case 'subtle':
    case 'outline':
      return { ...colors, color: shade, hoverColor: shade, ...(input.variant === 'outline' ? { border: shade } : {}) };
    default:
      return colors;
  }
};

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
    },
  });
}
