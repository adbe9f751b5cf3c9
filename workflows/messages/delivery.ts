/** The delivery workflow's dependencies for a process, from configuration (api/platform.ts, workflows/main.ts). */
import { messageAggregate } from '../../domain/message/state';
import type { CommandBus } from '../../infra/commandbus';
import { closeTransports, createTransports, describeTransports, type MessagingConfig } from '../../infra/mail/transports';
import type { MessageDeliveryDeps } from './activities';

export interface MessageDelivery {
  deps: MessageDeliveryDeps;
  /** Start-up lines saying where each channel goes, without credentials. */
  describe(): string[];
  close(): Promise<void>;
}

export function createMessageDelivery(bus: CommandBus, config: MessagingConfig, clock?: () => Date): MessageDelivery {
  const transports = createTransports(config);
  return {
    deps: { bus, loadMessage: (messageId) => bus.load(messageAggregate, messageId), transports, clock },
    describe: () => describeTransports(config),
    close: () => closeTransports(transports),
  };
}
