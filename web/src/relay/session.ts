/**
 * What the client remembers between page loads, in localStorage. The network layer reads the
 * request headers of SPEC section 7 from here; logging out clears all of it.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  platformMode: 'platformMode',
  ecosystemProfileId: 'ecosystemProfileId',
  reviewAppSecret: 'reviewAppSecret',
} as const;

/** The two route sets of SPEC section 1: the main platform and a tenant-branded ecosystem profile. */
export type PlatformMode = 'platform' | 'ecosystem-profile';

export interface SessionStore {
  accessToken(): string | null;
  setAccessToken(token: string): void;
  /** Forgets the access token only (before a new log-in, so a stale one is not refreshed). */
  clearAccessToken(): void;
  platformMode(): PlatformMode;
  ecosystemProfileId(): string;
  reviewAppSecret(): string;
  /** Forgets everything the client stored (SPEC section 7: "clears local storage"). */
  clear(): void;
}

/** The subset of the Web Storage API the session needs, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const read = (key: string): string => storage.getItem(key) ?? '';
  return {
    accessToken: () => storage.getItem(STORAGE_KEYS.accessToken) || null,
    setAccessToken: (token) => storage.setItem(STORAGE_KEYS.accessToken, token),
    clearAccessToken: () => storage.removeItem(STORAGE_KEYS.accessToken),
    platformMode: () => (read(STORAGE_KEYS.platformMode) === 'ecosystem-profile' ? 'ecosystem-profile' : 'platform'),
    ecosystemProfileId: () => read(STORAGE_KEYS.ecosystemProfileId),
    reviewAppSecret: () => read(STORAGE_KEYS.reviewAppSecret),
    clear: () => storage.clear(),
  };
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}
