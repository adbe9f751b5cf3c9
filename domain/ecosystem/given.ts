/**
 * Given / when / then for the tenant decider tests (STYLE.md): fold the given events, validate the
 * input as the command bus does, decide, and compare the events, the error, or the per-field
 * validation messages.
 */
import { expect } from 'vitest';
import { fold, type CommandContext, type CommandHandler, type DomainEvent } from '../shared/decider';
import { englishFields, ValidationError } from '../shared/errors';
import type { Actor } from '../shared/events';

export const platformAdmin: Actor = { userId: '0b6f1e1c-6a0e-4c55-9f1a-2d3c4b5a6f70', role: 'PLATFORM_ADMIN' };
export const NOW = '2026-11-21T10:00:00.000Z';

type ErrorClass = abstract new (...args: never[]) => Error;

function fieldsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationError) return englishFields(err.fields);
    throw err;
  }
  throw new Error('expected a ValidationError, but the command was accepted');
}

export function given<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, events: E[]) {
  return {
    when(rawInput: unknown, ctx: Partial<CommandContext> = {}) {
      const run = () => handler.decide(handler.input.parse(rawInput), fold(handler.aggregate, events), {
        actor: ctx.actor ?? platformAdmin,
        now: ctx.now ?? NOW,
      });
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        /** The events, for assertions on part of a large payload. */
        events(): E[] {
          return run();
        },
        thenThrows(errorClass: ErrorClass, message?: string) {
          expect(run).toThrow(errorClass);
          if (message !== undefined) expect(run).toThrow(message);
        },
        /** Fails with a ValidationError carrying exactly these per-field messages (in English). */
        thenRejects(fields: Record<string, string>) {
          expect(fieldsOf(run)).toEqual(fields);
        },
      };
    },
  };
}
