/**
 * "Email me a log-in link" on the log-in form (docs/decisions/0042): checks the address's shape,
 * asks for the link, and says one sentence whether or not an account has the address.
 */
import { useState } from 'react';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { loginInputErrors } from '../login/loginInput';

/** `ecosystemProfileId`: the ecosystem whose log-in page asks, whose name the mail then bears when the account belongs to it. */
export function useLoginLinkRequest(email: string, showErrors: (errors: { email?: string; form?: string }) => void, ecosystemProfileId?: string) {
  const t = useT();
  const errorText = useErrorText();
  const [inFlight, setInFlight] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = async () => {
    const invalid = loginInputErrors(email, 'unused').email;
    showErrors({ email: invalid && t(invalid) });
    setSentTo(null);
    if (invalid) return;
    setInFlight(true);
    try {
      // Loaded on use: the log-in page's first load stays within its budget (web/bundle-budget.unit.test.ts).
      const { sendLoginLinkRequest } = await import('./useLoginLinkOperations');
      await sendLoginLinkRequest(email.trim(), ecosystemProfileId ?? null);
      setSentTo(email.trim());
    } catch (error) {
      showErrors({ form: errorText(error) });
    } finally {
      setInFlight(false);
    }
  };
  return { request, inFlight, sentTo };
}
