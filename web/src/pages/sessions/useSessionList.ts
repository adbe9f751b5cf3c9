/**
 * A list of sessions asked for in one go (drop-in sessions, breakout rooms), in the shape the
 * lists' frame shows (SessionLists.tsx ListFrame): `more` asks again after a failure. `key` names
 * what `load` asks for; a new key or reloadKey asks again, and an older answer is dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Session } from './sessionOperations';
import type { SessionPages } from './useSessionPages';

interface State { sessions: readonly Session[]; loading: boolean; error: unknown; attempt: number }

export function useSessionList(what: string, key: string, load: () => Promise<readonly Session[]>, reloadKey: number): SessionPages {
  const [state, setState] = useState<State>({ sessions: [], loading: true, error: null, attempt: 0 });
  const retry = useCallback(() => setState((s) => ({ ...s, attempt: s.attempt + 1 })), []);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (sessions) => { if (current) setState((s) => ({ ...s, sessions, loading: false })); },
      (error: unknown) => {
        console.error(`The ${what} failed to load`, error);
        if (current) setState((s) => ({ ...s, loading: false, error }));
      },
    );
    return () => { current = false; };
    // `load` is a new function each render, but asks only for what `key` names.
  }, [what, key, reloadKey, state.attempt]);
  return { sessions: state.sessions, loading: state.loading, error: state.error, hasMore: false, more: retry };
}
