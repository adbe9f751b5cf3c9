import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { programDetailsSchema } from '../domain/program/config';
import { ParsedJson } from './parsed-json';

const schema = z.object({ name: z.string(), tags: z.array(z.string()).default([]), nested: z.object({ on: z.boolean().default(true) }).prefault({}) });

describe('ParsedJson', () => {
  it('gives what the schema gives, defaults filled, for every document', () => {
    const parsed = new ParsedJson(schema);
    fc.assert(fc.property(fc.record({ name: fc.string(), tags: fc.option(fc.array(fc.string()), { nil: undefined }) }, { requiredKeys: ['name'] }), (doc) => {
      const text = JSON.stringify(doc);
      expect(parsed.parse(text)).toEqual(schema.parse(doc));
      // Asked again (now from the cache), the same answer.
      expect(parsed.parse(text)).toEqual(schema.parse(doc));
    }));
  });

  it('parses each distinct text once and shares the frozen result', () => {
    const parsed = new ParsedJson(schema);
    const a = parsed.parse('{"name":"a"}');
    expect(parsed.parse('{"name":"a"}')).toBe(a);
    expect(parsed.parse('{"name":"b"}')).not.toBe(a);
    expect(parsed.size).toBe(2);
    expect(Object.isFrozen(a) && Object.isFrozen(a.tags) && Object.isFrozen(a.nested)).toBe(true);
    expect(() => { (a.tags as string[]).push('x'); }).toThrow(TypeError);
  });

  it('refuses a document its schema refuses, every time, and keeps nothing for it', () => {
    const parsed = new ParsedJson(schema);
    expect(() => parsed.parse('{"name":1}')).toThrow();
    expect(() => parsed.parse('{"name":1}')).toThrow();
    expect(parsed.size).toBe(0);
  });

  it('forgets the least recently used texts beyond its size', () => {
    const parsed = new ParsedJson(schema, 40);
    const first = parsed.parse('{"name":"first"}');
    parsed.parse('{"name":"second"}');
    parsed.parse('{"name":"third"}');
    expect(parsed.size).toBeLessThan(3);
    expect(parsed.parse('{"name":"first"}')).not.toBe(first);
  });

  it('fills defaults added to a schema since a stored program was written', () => {
    const stored = JSON.stringify({ name: 'Reading', shortName: 'Reading' });
    expect(new ParsedJson(programDetailsSchema).parse(stored)).toEqual(programDetailsSchema.parse(JSON.parse(stored)));
  });
});
