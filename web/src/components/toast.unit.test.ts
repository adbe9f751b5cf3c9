import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from './toast';

// The module keeps the toasts of the whole page: each test gets a fresh one.
let toast: typeof ToastModule;
beforeEach(async () => {
  vi.resetModules();
  toast = await import('./toast');
});

describe('toasts before and after their host', () => {
  it('keep the toasts shown before the host mounts, and hand them over in order when it does', () => {
    toast.showToast({ message: 'first' });
    toast.showToast({ message: 'second', color: 'red' });
    const shown: string[] = [];
    toast.connectToastHost((t) => shown.push(String(t.message)));
    expect(shown).toEqual(['first', 'second']);
    toast.showToast({ message: 'third' });
    expect(shown).toEqual(['first', 'second', 'third']);
  });

  it('wait again while no host is connected, and go to the next host once', () => {
    const first: string[] = [];
    const disconnect = toast.connectToastHost((t) => first.push(String(t.message)));
    disconnect();
    toast.showToast({ message: 'while away' });
    const second: string[] = [];
    toast.connectToastHost((t) => second.push(String(t.message)));
    expect(first).toEqual([]);
    expect(second).toEqual(['while away']);
  });

  it('a stale host disconnecting late does not unplug the current one', () => {
    const stale = toast.connectToastHost(() => undefined);
    const shown: string[] = [];
    toast.connectToastHost((t) => shown.push(String(t.message)));
    stale();
    toast.showToast({ message: 'still here' });
    expect(shown).toEqual(['still here']);
  });
});
