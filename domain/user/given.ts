/**
 * Given / when / then for decider tests (STYLE.md): fold the given events, validate the command
 * input as the command bus does, decide, and compare the events or the error.
 */
import { expect } from 'vitest';
import { fold, type CommandContext, type CommandHandler, type DomainEvent } from '../shared/decider';
import type { Actor } from '../shared/events';

export const systemActor: Actor = { userId: '00000000-0000-4000-8000-000000000000', role: 'SYSTEM' };
export const NOW = '2026-11-21T10:00:00.000Z';

type ErrorClass = abstract new (...args: never[]) => Error;

export function given<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, events: E[]) {
  return {
    when(rawInput: unknown, ctx: Partial<CommandContext> = {}) {
      const run = () => handler.decide(handler.input.parse(rawInput), fold(handler.aggregate, events), {
        actor: ctx.actor ?? systemActor,
        now: ctx.now ?? NOW,
      });
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenThrows(errorClass: ErrorClass, message?: string) {
          expect(run).toThrow(errorClass);
          if (message !== undefined) expect(run).toThrow(message);
        },
      };
    },
  };
}
