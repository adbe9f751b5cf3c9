/**
 * Ids in URLs. Whether an id is malformed, unknown, or another tenant's, the reader sees the same
 * not-found page: a malformed one is caught here before any request, the others when the server
 * answers null or NOT_FOUND (router/preload.ts).
 */
import { data } from 'react-router-dom';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A global id (`base64url("Type:uuid")`, as the API writes them) of the given type, or a bare uuid. */
export function isEntityId(value: string | null | undefined, type: string): value is string {
  if (!value) return false;
  if (UUID.test(value)) return true;
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
  let decoded: string;
  try {
    decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return false;
  }
  const [prefix, id, ...rest] = decoded.split(':');
  return rest.length === 0 && prefix === type && UUID.test(id ?? '');
}

/** The route's not-found answer (RouteError shows the not-found page for it). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The id route parameter `name`, or the not-found page when it cannot be an id of `type`. */
export function entityIdParam(params: Record<string, string | undefined>, name: string, type: string): string {
  const value = params[name];
  return isEntityId(value, type) ? value : notFound();
}
