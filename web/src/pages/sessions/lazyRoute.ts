/**
 * The /sessions route's first step: the route tree imports this small module, which then imports
 * the page. The page's own preload list (its many shared chunks) then lives in this module's chunk
 * instead of the entry, which the log-in page's budget counts (web/bundle-budget.unit.test.ts,
 * docs/decisions/0059); the cost is one small request more when /sessions is first opened.
 */
export function loadSessionsPage() {
  return import('./SessionsPage');
}
