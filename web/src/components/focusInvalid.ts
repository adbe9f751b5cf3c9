/**
 * After a refused submit the reader is taken to what needs fixing: the first field marked invalid
 * (Mantine sets aria-invalid on a field with an error) is scrolled into view and focused, so a
 * screen reader reads its error and a phone shows it even when the form was scrolled to its
 * buttons. Without an invalid field, a form-level alert is scrolled into view instead.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = field ?? form?.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/**
 * A ref for the form; `attempt` changes with every refused submit (the errors object each attempt
 * sets is a new one), and each change moves the reader to the first problem once it has rendered.
 */
export function useFocusInvalid(attempt: unknown): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt) focusFirstInvalid(form.current);
  }, [attempt]);
  return form;
}
