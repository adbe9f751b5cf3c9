/**
 * Current feature-flag values for this process: folded from the `featureflags-platform` stream at
 * start, then kept live by a subscription to that one stream (not the whole log), so every API
 * replica sees a change and tells its own server-sent-event listeners.
 */
import { EventEmitter } from 'node:events';
import { FEATURE_FLAGS_ID, FLAG_CATALOGUE, featureFlagsAggregate, type FeatureFlagEvent, type FlagDefinition } from '../../domain/featureflags/flags';
import { streamName, type RecordedEvent } from '../../domain/shared/events';
import type { EventStore, Subscription } from '../../infra/eventstore/port';

export interface FlagNode {
  name: string;
  path: string;
  value: boolean;
  description: string;
  nested: FlagNode[];
}

export interface FlagChange {
  name: string;
  value: boolean;
}

const STREAM = streamName(featureFlagsAggregate.category, FEATURE_FLAGS_ID);

export class FeatureFlags {
  private values = new Map(featureFlagsAggregate.initialState);
  private readonly changes = new EventEmitter();
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly store: EventStore) {
    this.changes.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const events = await this.store.readStream(STREAM);
    for (const e of events) this.apply(e);
    this.loop = this.follow(events.at(-1)?.revision ?? null);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.loop;
  }

  private apply(event: RecordedEvent): void {
    const { name, value } = (event as unknown as FeatureFlagEvent).data;
    this.values.set(name, value);
  }

  /** Follows the flag stream; after a failure (database gone for a while) resumes after the last event seen. */
  private async follow(start: number | null): Promise<void> {
    let after = start;
    let backoff = 100;
    while (!this.stopped) {
      const subscription = this.store.subscribeToStream(STREAM, { afterRevision: after });
      this.subscription = subscription;
      try {
        for await (const e of subscription) {
          this.apply(e);
          after = e.revision;
          backoff = 100;
          const { name, value } = (e as unknown as FeatureFlagEvent).data;
          this.changes.emit('change', { name, value } satisfies FlagChange);
        }
        return;
      } catch (err) {
        if (this.stopped) return;
        console.error(`[flags] subscription failed, resuming in ${backoff} ms: ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  }

  value(path: string): boolean | undefined {
    return this.values.get(path);
  }

  tree(defs: FlagDefinition[] = FLAG_CATALOGUE, prefix = ''): FlagNode[] {
    return defs.map((d) => {
      const path = prefix ? `${prefix}.${d.name}` : d.name;
      return { name: d.name, path, description: d.description, value: this.values.get(path) ?? d.defaultValue, nested: this.tree(d.nested ?? [], path) };
    });
  }

  find(path: string): FlagNode | null {
    const search = (nodes: FlagNode[]): FlagNode | null => {
      for (const n of nodes) {
        if (n.path === path) return n;
        const hit = search(n.nested);
        if (hit) return hit;
      }
      return null;
    };
    return search(this.tree());
  }

  /** Calls `listener` for each change until the returned function is called. */
  onChange(listener: (change: FlagChange) => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }
}
