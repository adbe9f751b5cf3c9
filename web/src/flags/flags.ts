/**
 * Feature flags as the client keeps them: a map from dotted path to value. The server sends a
 * change as a server-sent event named for the flag's path with a JSON body `{ name, value }`;
 * SPEC section 4 says the flag flips, so a body without a boolean value flips it. A body that is
 * not such JSON is logged and ignored (SPEC section 8).
 */
export type FlagValues = ReadonlyMap<string, boolean>;

export interface FlagNode {
  readonly path: string;
  readonly value: boolean;
  readonly nested?: ReadonlyArray<FlagNode> | null;
}

export function flattenFlags(flags: ReadonlyArray<FlagNode>): Map<string, boolean> {
  const values = new Map<string, boolean>();
  const visit = (flag: FlagNode) => {
    values.set(flag.path, flag.value);
    flag.nested?.forEach(visit);
  };
  flags.forEach(visit);
  return values;
}

export function applyFlagEvent(values: FlagValues, eventName: string, body: string, log: (message: string, detail: unknown) => void = console.error): FlagValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    log('Ignored a feature-flag event whose body is not JSON', error);
    return values;
  }
  const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || name !== eventName) {
    log('Ignored a feature-flag event without the flag name', parsed);
    return values;
  }
  const value = (parsed as { value?: unknown }).value;
  const next = new Map(values);
  next.set(name, typeof value === 'boolean' ? value : !(values.get(name) ?? false));
  return next;
}

/**
 * The stream counts open connections per user when it knows the user (decision 0013); an
 * EventSource cannot send headers, so a signed-in page names itself with its access token. The
 * stream opens once per page load: a token that expires later only moves the count to the address.
 */
export function streamWithOwner(streamUrl: string, accessToken: string | null): string {
  if (!accessToken) return streamUrl;
  return `${streamUrl}${streamUrl.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(accessToken)}`;
}
