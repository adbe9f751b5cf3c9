import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../testing/memory-bus';
import { createWorkflowEngine } from './factory';

const config = { TEMPORAL_NAMESPACE: 'default', TEMPORAL_TASK_QUEUE: 'tutoring-platform' };

describe('createWorkflowEngine', () => {
  it('embeds pg-boss when no Temporal address is configured', () => {
    expect(createWorkflowEngine({ config, bus: new MemoryBus() }, 'postgres://u:p@127.0.0.1:5432/db').kind).toBe('pg-boss');
  });

  it('uses Temporal when TEMPORAL_ADDRESS is set (connecting only on start)', () => {
    expect(createWorkflowEngine({ config: { ...config, TEMPORAL_ADDRESS: '127.0.0.1:7233' }, bus: new MemoryBus() }, 'postgres://u:p@127.0.0.1:5432/db').kind).toBe('temporal');
  });
});
