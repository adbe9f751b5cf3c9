/**
 * The one line a reader sees for a failed request: the server's message (in the language the
 * client asked for), or, when no answer came at all, a sentence in the interface language instead
 * of the browser's "Failed to fetch".
 */
import { useCallback } from 'react';
import { useT } from '../i18n/terms';
import { displayError, isNetworkError } from '../relay/errors';

export function useErrorText(): (error: unknown) => string {
  const t = useT();
  return useCallback((error: unknown) => (isNetworkError(error) ? t('error.network') : displayError(error)), [t]);
}
