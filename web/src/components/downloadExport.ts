/**
 * Downloads one of the server's CSV exports (GET /exports/<name>?ecosystemId=..&filters=<JSON>:
 * the roster's, decision 0049; the session summary's, decision 0060) with a page's filters,
 * sending the access token as every request does, then hands the file to the browser under `name`.
 */
import { createSessionStore } from '../relay/session';

export async function downloadExport(name: string, ecosystemId: string, filters: Record<string, unknown>): Promise<void> {
  const params = new URLSearchParams({ ecosystemId, filters: JSON.stringify(filters) });
  const token = createSessionStore(window.localStorage).accessToken();
  const res = await fetch(`/exports/${name}?${params.toString()}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json()) as { error?: string };
    throw new Error(body.error ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
