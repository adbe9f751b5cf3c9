/**
 * Demo items as domain commands: how each kind of item the ledger records is created and removed.
 * Programs are the only kind so far. Demo users wait for a user-removal command in domain/user:
 * without one, deleting demo data could not take them away again (docs/decisions/0008).
 */
import { createProgram, deleteDemoProgram } from '../../domain/program/handlers';
import type { DemoItem } from '../../domain/job/demo-data/events';
import type { Send } from '../dispatch';
import type { JobRunArgs } from '../engine/port';
import type { PlannedDemoItem } from './catalogue';

export async function createDemoContent(send: Send, args: JobRunArgs, item: PlannedDemoItem): Promise<void> {
  switch (item.kind) {
    case 'program':
      // Built-in program defaults: a demo need not copy the tenant's settings to show what a program is.
      await send(`program:create:${item.id}`, createProgram, {
        programId: item.id,
        ecosystemId: args.ecosystemId,
        details: { name: item.template.name, shortName: item.template.shortName },
        isDemo: true,
      });
      return;
    default: {
      const exhaustive: never = item.kind;
      return exhaustive;
    }
  }
}

/** Removing an item that is already gone (or was never created) decides nothing, so this is safe to repeat. */
export async function removeDemoContent(send: Send, item: DemoItem): Promise<void> {
  switch (item.kind) {
    case 'program':
      await send(`program:delete:${item.id}`, deleteDemoProgram, { programId: item.id });
      return;
    default: {
      const exhaustive: never = item.kind;
      return exhaustive;
    }
  }
}
