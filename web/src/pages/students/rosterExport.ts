/**
 * Downloads the roster's CSV (GET /exports/user-roster.csv, decision 0049) with the same filters,
 * sending the access token as every request does, then hands the file to the browser.
 */
import { createSessionStore } from '../../relay/session';

export async function downloadRosterCsv(ecosystemId: string, filters: Record<string, unknown>): Promise<void> {
  const params = new URLSearchParams({ ecosystemId, filters: JSON.stringify(filters) });
  const token = createSessionStore(window.localStorage).accessToken();
  const res = await fetch(`/exports/user-roster.csv?${params.toString()}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json()) as { error?: string };
    throw new Error(body.error ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'user-roster.csv';
  link.click();
  URL.revokeObjectURL(url);
}
