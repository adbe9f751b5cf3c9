/** What clients read from the HTTP layer itself (English; listed for the Spanish catalogue). */
export const httpMessages = {
  rateLimited: (seconds: number) => `Too many requests from your address. Please wait ${seconds} seconds and try again.`,
  tooManyStreams: 'Too many open feature-flag connections. Close other tabs of this site and try again.',
  notFound: 'Not found.',
} as const;
