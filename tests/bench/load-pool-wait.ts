/**
 * L4's third figure: how long requests waited for a pooled database connection. The server is to
 * measure it (issue 11 section 1, "with the wait for a connection measured"); this is the one
 * place the bench reads it from. Until the server reports such a figure, L4 says so plainly
 * rather than guessing it from outside (a client cannot see a pool's queue).
 */
import type { LoadServer } from './load-server';

export type PoolWait =
  | { available: true; meanMs: number; source: string }
  | { available: false; reason: string };

export async function poolWait(_server: LoadServer): Promise<PoolWait> {
  return { available: false, reason: 'the server reports no pool-wait figure yet (issue 11 section 1 adds the measurement)' };
}
