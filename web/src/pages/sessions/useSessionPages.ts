/**
 * One list of sessions, a page at a time from page 1 ("Show more" asks for the next). A failed
 * page keeps the pages already shown and reports its error; `reload` (after a booking, a cancel)
 * starts again from page 1. Answers that arrive after a newer request are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSessionPage, type Session, type SessionsFilterInput } from './sessionOperations';

export const PAGE_SIZE = 10;

export interface SessionPages {
  sessions: readonly Session[];
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  more: () => void;
}

interface State { sessions: readonly Session[]; pageNumber: number; hasMore: boolean; loading: boolean; error: unknown }

const START: State = { sessions: [], pageNumber: 0, hasMore: false, loading: true, error: null };

export function useSessionPages(filter: Omit<SessionsFilterInput, 'pageNumber' | 'pageSize'>, reloadKey: number): SessionPages {
  const [state, setState] = useState<State>(START);
  const request = useRef(0);
  const filterKey = JSON.stringify(filter);

  const load = useCallback((pageNumber: number, keep: readonly Session[]) => {
    const id = ++request.current;
    setState((s) => ({ ...s, sessions: keep, loading: true, error: null }));
    fetchSessionPage({ ...(JSON.parse(filterKey) as SessionsFilterInput), pageNumber, pageSize: PAGE_SIZE }).then(
      (page) => {
        if (id !== request.current) return;
        setState({ sessions: [...keep, ...page.sessions], pageNumber, hasMore: page.hasMore, loading: false, error: null });
      },
      (error: unknown) => {
        if (id !== request.current) return;
        console.error('A sessions list failed to load', error);
        setState((s) => ({ ...s, loading: false, error }));
      },
    );
  }, [filterKey]);

  useEffect(() => {
    load(1, []);
    return () => { request.current += 1; };
  }, [load, reloadKey]);

  const more = useCallback(() => load(state.pageNumber + 1, state.sessions), [load, state.pageNumber, state.sessions]);
  return { sessions: state.sessions, hasMore: state.hasMore, loading: state.loading, error: state.error, more };
}
