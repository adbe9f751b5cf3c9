/** The Application command handlers the command bus runs (docs/decisions/0044). */
import type { CommandHandler } from '../shared/decider';
import {
  acceptWaiverInput, reviewApplicationInput, saveDraftInput, setBackgroundCheckInput, startApplicationInput, submitApplicationInput,
  type AcceptWaiverInput, type ApplicationCommand, type ReviewApplicationInput, type SaveDraftInput, type SetBackgroundCheckInput,
  type StartApplicationInput, type SubmitApplicationInput,
} from './commands';
import { decide } from './decide';
import type { ApplicationEvent } from './events';
import { applicationAggregate, type ApplicationState } from './state';

type Handler<I> = CommandHandler<I, ApplicationState, ApplicationEvent>;

/** Every command but the first belongs to the tenant the application was started in. */
function handler<T extends ApplicationCommand['type'], I extends { applicationId: string }>(
  type: T, input: Handler<I>['input'],
): Handler<I> {
  return {
    type,
    input,
    aggregate: applicationAggregate,
    aggregateId: (i) => i.applicationId,
    ecosystemId: (_i, state) => (state.status === 'NONE' ? null : state.ecosystemId),
    decide: (i, state, ctx) => decide({ type, data: i } as unknown as ApplicationCommand, state, ctx),
  };
}

export const startApplication: Handler<StartApplicationInput> = {
  ...handler('StartApplication', startApplicationInput),
  ecosystemId: (input) => input.ecosystemId,
};
export const saveApplicationDraft = handler<'SaveApplicationDraft', SaveDraftInput>('SaveApplicationDraft', saveDraftInput);
export const submitApplication = handler<'SubmitApplication', SubmitApplicationInput>('SubmitApplication', submitApplicationInput);
export const reviewApplication = handler<'ReviewApplication', ReviewApplicationInput>('ReviewApplication', reviewApplicationInput);
export const setBackgroundCheckStatus = handler<'SetBackgroundCheckStatus', SetBackgroundCheckInput>('SetBackgroundCheckStatus', setBackgroundCheckInput);
export const acceptWaiver = handler<'AcceptWaiver', AcceptWaiverInput>('AcceptWaiver', acceptWaiverInput);
