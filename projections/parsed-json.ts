/**
 * Read-model JSON parsed once per distinct text (docs/decisions/0032). Ecosystem and program rows
 * keep their settings as one JSON document of about a hundred fields; parsing it with its schema
 * (which also fills defaults added since the row was written) on every read cost a page of 20
 * programs more CPU than the rest of the request. The schema's parse is a pure function of the
 * text, so its result can be kept by that text: a row that changes has another text and is parsed
 * anew; nothing can be stale, and no tenant can see another's value (the key is the text the
 * reader has just been given by its own row-level-secured query).
 *
 * The kept values are deep-frozen, since every reader of the same text shares one.
 */
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/** Keeps about this many characters of source text (the parsed values take a few times more). */
const DEFAULT_MAX_CHARS = 4_000_000;

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class ParsedJson<S extends z.ZodType> {
  private readonly cache: LRUCache<string, { value: z.output<S> }>;

  constructor(private readonly schema: S, maxChars = DEFAULT_MAX_CHARS) {
    this.cache = new LRUCache({ maxSize: maxChars, sizeCalculation: (_v, text) => Math.max(1, text.length) });
  }

  /** The schema's output for `source`, JSON text as the query returned it (`column::text`). */
  parse(source: string): z.output<S> {
    const hit = this.cache.get(source);
    if (hit) return hit.value;
    const value = deepFreeze(this.schema.parse(JSON.parse(source)));
    this.cache.set(source, { value });
    return value;
  }

  /** Distinct texts kept (tests). */
  get size(): number {
    return this.cache.size;
  }
}
