/**
 * Autosave of the application draft: changes gather while the person types and go to the server
 * half a second after the last one, as one patch of only the changed fields. The server records
 * nothing for answers that did not change, and the patch carries whole values, so sending it
 * again (a retry, the Idempotency-Key's resend) changes nothing twice. A blank answer clears it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../components/useErrorText';
import { fieldErrors } from '../../relay/errors';
import { patchOf, valuesOf, type AutosaveState, type DraftValues } from './draftValues';
import { sendDraft, type Application, type Draft } from './signupOperations';

export type { DraftValues } from './draftValues';

export const AUTOSAVE_DELAY_MS = 500;

export function useDraftAutosave(ecosystemId: string, draft: Draft, onSaved: (application: Application) => void) {
  const errorText = useErrorText();
  const [values, setValues] = useState<DraftValues>(() => valuesOf(draft));
  const [state, setState] = useState<AutosaveState>('idle');
  const [errors, setErrors] = useState<Partial<Record<keyof DraftValues, string>>>({});
  const pending = useRef<Partial<DraftValues>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async () => {
    const patch = patchOf(pending.current);
    pending.current = {};
    if (Object.keys(patch).length === 0) return;
    setState('saving');
    try {
      onSaved(await sendDraft(ecosystemId, patch));
      setErrors({});
      setState('saved');
    } catch (error) {
      const fields = fieldErrors(error);
      const byField = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^draft\./, '').split('.')[0], v]));
      setErrors(Object.keys(byField).length > 0 ? byField : { bio: errorText(error) });
      setState('failed');
    }
  }, [ecosystemId, onSaved, errorText]);

  const change = useCallback(<K extends keyof DraftValues>(key: K, value: DraftValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    pending.current = { ...pending.current, [key]: value };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { void flush(); }, AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Leaving the page saves what is still waiting.
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    void flush();
  }, [flush]);

  return { values, change, state, fieldErrors: errors };
}
