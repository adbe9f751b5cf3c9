/**
 * The state of one of the admin's dialog forms: values, field errors (checked before sending), the
 * server's refusal, and a submit that sends only valid values. A success empties the form.
 */
import { useState } from 'react';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { FieldErrors } from './adminForms';

export function useDialogForm<F extends string>(
  empty: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
  send: (values: Record<F, string>) => Promise<void>,
) {
  const t = useT();
  const errorText = useErrorText();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const field = (name: F) => ({
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setValues((v) => ({ ...v, [name]: value })); },
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
  });
  const reset = () => { setValues(empty); setErrors({}); setFormError(undefined); };
  const submit = async () => {
    const invalid = validate(values);
    const texts = Object.fromEntries(Object.entries(invalid).map(([k, id]) => [k, t(id as Parameters<typeof t>[0])])) as Partial<Record<F, string>>;
    setErrors(texts);
    setFormError(undefined);
    if (Object.keys(texts).length > 0) return false;
    try {
      await send(values);
      reset();
      return true;
    } catch (error) {
      setFormError(errorText(error));
      return false;
    }
  };
  return { values, field, errors, formError, submit, reset };
}
