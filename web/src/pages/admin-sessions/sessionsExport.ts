/**
 * Downloads the session summary's CSV (GET /exports/sessions.csv, decision 0060) with the page's
 * filters, sending the access token as every request does, then hands the file to the browser.
 */
import { createSessionStore } from '../../relay/session';

export async function downloadSessionsCsv(ecosystemId: string, filters: Record<string, unknown>): Promise<void> {
  const params = new URLSearchParams({ ecosystemId, filters: JSON.stringify(filters) });
  const token = createSessionStore(window.localStorage).accessToken();
  const res = await fetch(`/exports/sessions.csv?${params.toString()}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json()) as { error?: string };
    throw new Error(body.error ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sessions.csv';
  link.click();
  URL.revokeObjectURL(url);
}
