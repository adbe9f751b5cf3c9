/**
 * Starts the delivery of every recorded message (docs/decisions/0072): on MessageRecorded, the
 * `deliverMessage` workflow with the id `message-<messageId>`. The notification reactor only
 * records; this starts them. It also closes decision 0036's gap of a sender that died between
 * recording and starting: the message no longer stays QUEUED. A start of a workflow already started
 * (the resolvers' senders start their own) is no new run, and a run that finds its message sent,
 * kept or abandoned sends nothing: delivery stays at most once.
 */
import type { WorkflowEngine } from '../../workflows/engine/port';
import { messageWorkflowId } from '../../workflows/engine/port';
import { messageEventSchemas } from '../../domain/message/events';
import type { Reactor } from './types';

export const MESSAGE_DELIVERY_REACTOR = 'message_delivery';

export function messageDeliveryReactor(engine: () => Pick<WorkflowEngine, 'startWorkflow'>): Reactor {
  return {
    name: MESSAGE_DELIVERY_REACTOR,
    handlers: {
      async MessageRecorded(event) {
        const { messageId } = messageEventSchemas.MessageRecorded.parse(event.data);
        await engine().startWorkflow('deliverMessage', messageWorkflowId(messageId), { messageId });
      },
    },
  };
}
