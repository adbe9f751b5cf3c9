/** /login: the platform's log-in page (any account; no ecosystem to choose). */
import { LoginForm } from './LoginForm';

export function Component() {
  return <LoginForm />;
}
