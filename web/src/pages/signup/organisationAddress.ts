/**
 * What a person types on /signup when they came without their organisation's link: the
 * organisation's own page address (https://…/s/lincoln-tutoring, with or without more after it)
 * or just its code (lincoln-tutoring). Answers the ecosystem's profile id, or null when the text
 * holds none. The profile id rule is the server's (domain/ecosystem/config.ts PROFILE_ID).
 */
const PROFILE_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export function profileIdFromAddress(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const inPath = /(?:^|\/)s\/([^/?#\s]+)/i.exec(trimmed);
  const candidate = (inPath ? inPath[1] : trimmed).toLowerCase();
  return candidate.length <= 100 && PROFILE_ID.test(candidate) ? candidate : null;
}

/**
 * Where /signup or /signup/waiver goes when it knows the ecosystem (`?ecosystem=`, as sign-up links
 * outside the ecosystem's own pages carry it): the ecosystem's own page, keeping the other
 * parameters (such as `type`). Null when the parameter is missing or not a profile id.
 */
export function ecosystemSignupPath(url: URL, waiver: boolean): string | null {
  const profileId = profileIdFromAddress(url.searchParams.get('ecosystem') ?? '');
  if (!profileId) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('ecosystem');
  const query = rest.toString();
  return `/s/${profileId}/signup${waiver ? '/waiver' : ''}${query ? `?${query}` : ''}`;
}
