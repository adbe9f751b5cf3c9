/**
 * Phone layout: below 40em (640 px) lists show as cards instead of tables, so every row's actions
 * stay on screen rather than in a table scrolled sideways. Read synchronously on the first render,
 * so a phone never sees the table flash first.
 */
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 40em)';

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
