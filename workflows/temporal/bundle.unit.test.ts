import type { Logger } from '@temporalio/common';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { TEMPORAL_WORKFLOWS_PATH } from '../engine/temporal';

const quiet = () => undefined;
const silent: Logger = { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };

describe('Temporal workflow bundle', () => {
  // The bundler refuses modules that are not deterministic (node built-ins, I/O), so this catches
  // an activity or infrastructure import slipping into workflow code.
  it('builds from temporal/workflows.ts with every workflow of the port and no activity code', async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath: TEMPORAL_WORKFLOWS_PATH, logger: silent });
    expect(code).toContain('createEcosystemDemoData');
    expect(code).toContain('deleteEcosystemDemoData');
    expect(code).toContain('reapStalledJobs');
    // Activities are imported as a type only: their implementation must not be in the bundle.
    expect(code).not.toContain('createActivities');
    expect(code).not.toContain('deterministicUuid');
  }, 120_000);
});
