/**
 * Toasts without their code on the first load: the first `showToast` asks App to mount the host
 * (`useToastHost`), whose lazy chunk brings Mantine's notifications; toasts wait here until it is
 * connected. Until then a page pays nothing for toasts; the log-in page, which shows none, never
 * loads them (its budget is checked in the browser: tests/e2e/first-load.e2e.test.ts). Pages call
 * this, never `@mantine/notifications` itself, whose store shows nothing while no host is mounted.
 * This module imports nothing else, so sharing it costs neither the first load nor the pages.
 */
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

export type Toast = Pick<NotificationData, 'message' | 'color' | 'title'>;

let hostWanted = false;
const listeners = new Set<() => void>();
let pending: Toast[] = [];
let deliver: ((toast: Toast) => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the first toast on: App then renders the (lazy) host. */
export function useToastHost(): boolean {
  return useSyncExternalStore(subscribe, () => hostWanted, () => false);
}

export function showToast(toast: Toast): void {
  if (deliver) {
    deliver(toast);
    return;
  }
  pending.push(toast);
  if (hostWanted) return;
  hostWanted = true;
  listeners.forEach((listener) => listener());
}

/** The mounted host shows the toasts that waited for it and every later one; the returned function disconnects it. */
export function connectToastHost(show: (toast: Toast) => void): () => void {
  deliver = show;
  const waiting = pending;
  pending = [];
  waiting.forEach(show);
  return () => {
    if (deliver === show) deliver = null;
  };
}
