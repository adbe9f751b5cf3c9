import { describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError, SessionExpiredError } from '../relay/errors';
import { memoryStorage } from '../relay/session';
import { createReloadGuard, isNotFound, RELOAD_MARKER_KEY, shouldReload } from './reload';

const failure = new GraphQLRequestError([{ message: 'Something broke' }]);
const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/ProgramsPage-abc.js');

function setup() {
  const storage = memoryStorage();
  const reload = vi.fn();
  return { storage, reload, guard: createReloadGuard(storage, reload) };
}

describe('reload after a route failure (SPEC section 8)', () => {
  it('reloads a failure on a navigation after the first render, once', () => {
    const { storage, reload, guard } = setup();
    guard.rendered();
    expect(guard.failed(failure)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(RELOAD_MARKER_KEY)).toBe('1');
    // Failing again before any navigation succeeded shows the error instead of reloading again.
    expect(guard.failed(failure)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows a failure of the first render without reloading (after a reload too)', () => {
    const { reload, guard } = setup();
    expect(guard.failed(failure)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the marker after a successful navigation, so a later failure reloads again', () => {
    const { storage, reload, guard } = setup();
    storage.setItem(RELOAD_MARKER_KEY, '1');
    guard.rendered();
    expect(storage.getItem(RELOAD_MARKER_KEY)).toBeNull();
    expect(guard.failed(failure)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once for page code that failed to load, even on the first render', () => {
    expect(shouldReload(chunkError, { renderedBefore: false, reloadedAlready: false })).toBe(true);
    expect(shouldReload(chunkError, { renderedBefore: false, reloadedAlready: true })).toBe(false);
  });

  it('never reloads for the not-found page or an ended session', () => {
    const notFound = { status: 404, statusText: 'Not Found', internal: true, data: 'No route matches' };
    expect(shouldReload(notFound, { renderedBefore: true, reloadedAlready: false })).toBe(false);
    expect(shouldReload(new SessionExpiredError(), { renderedBefore: true, reloadedAlready: false })).toBe(false);
  });

  it('takes the not-found answer for an answer: no reload (and RouteError does not log it)', () => {
    // What the router makes of router/ids.ts's notFound() by the time RouteError sees it.
    const answer = { status: 404, statusText: 'Not Found', internal: false, data: null };
    expect(isNotFound(answer)).toBe(true);
    expect([failure, chunkError, new SessionExpiredError()].some(isNotFound)).toBe(false);
    const { reload, guard } = setup();
    guard.rendered();
    expect(guard.failed(answer)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
