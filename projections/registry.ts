/**
 * Every projection the platform runs. Add one line per read model; the runner, the CLI and the
 * property tests all take their list from here.
 */
import { auditProjection } from './audit';
import type { Projection } from './types';

export function allProjections(): Projection[] {
  return [
    auditProjection,
  ];
}
