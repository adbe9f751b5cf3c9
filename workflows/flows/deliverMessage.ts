/**
 * The delivery workflow of one message: one activity, which the engine retries with the
 * `delivery` back-off while delivery fails transiently; once retries run out, the message is
 * abandoned (FAILED). Deterministic: safe as Temporal workflow code.
 */
import type { DeliverMessageArgs } from '../engine/port';
import type { DeliveryOutcome } from '../messages/activities';
import type { FlowRuntime } from './runtime';

export interface DeliveryActivities {
  deliverMessage(args: DeliverMessageArgs): Promise<DeliveryOutcome>;
  abandonMessage(args: DeliverMessageArgs): Promise<DeliveryOutcome>;
}

export async function deliverMessageFlow(activities: DeliveryActivities, args: DeliverMessageArgs, runtime: FlowRuntime): Promise<DeliveryOutcome> {
  try {
    return await activities.deliverMessage(args);
  } catch (err) {
    // A stopped worker or a cancelled run is not the message's failure: the engine resumes or ends it.
    if (runtime.isInterruption(err) || runtime.isEngineCancellation(err)) throw err;
    return runtime.nonCancellable(() => activities.abandonMessage(args));
  }
}
