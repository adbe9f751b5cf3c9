/**
 * The picture calls of docs/decisions/0051, outside GraphQL: the image goes as the raw body of
 * POST /uploads/profile-picture (the server decides its type by its bytes), DELETE removes it.
 * Answers are `{ src, rotation }` or `{ error, code }` in the reader's language.
 */
import { currentLanguageTag } from '../../i18n/language';
import { browserSession } from '../../relay/client';

export const PICTURE_MAX_BYTES = 8_000_000;

export class PictureRequestError extends Error {}

async function send(method: 'POST' | 'DELETE', body?: Blob, rotation = 0): Promise<void> {
  const token = browserSession.accessToken();
  const res = await fetch(`/uploads/profile-picture${method === 'POST' ? `?rotation=${rotation}` : ''}`, {
    method, body,
    headers: { accept: 'application/json', 'accept-language': currentLanguageTag(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (res.ok) return;
  const answer = await res.json().catch(() => null) as { error?: string } | null;
  throw new PictureRequestError(answer?.error ?? res.statusText);
}

export function uploadPicture(file: Blob, rotation: number): Promise<void> {
  return send('POST', file, rotation);
}

export function removePicture(): Promise<void> {
  return send('DELETE');
}
