/**
 * The room maker's ports, wired from one process's parts: the owner connection (credentials and
 * the room ledger), the event store (the series' streams), the command bus (settings' streams,
 * SetSessionMeetingRoom), the providers' addresses and the platform's sealing key.
 */
import type { Pool } from 'pg';
import type { CommandBus } from '../../infra/commandbus';
import type { EventStore } from '../../infra/eventstore/port';
import { MeetingCredentials, type Sealer } from '../../infra/meetings/credentials';
import { meetingRoomsFor, type RoomsConfig } from '../../infra/meetings/factory';
import { PgRoomLedger } from '../../infra/meetings/ledger';
import type { MeetingActivityDeps } from './activities';
import { sessionSeriesRooms } from './series';
import { meetingSettingsReader } from './settings';

export interface MeetingWiring {
  pool: Pool;
  store: Pick<EventStore, 'readStream'>;
  bus: Pick<CommandBus, 'load' | 'dispatch'>;
  config: RoomsConfig;
  sealer: Sealer;
  clock?: () => Date;
  log?: (line: string) => void;
}

export function meetingRoomDeps(w: MeetingWiring): MeetingActivityDeps {
  const clock = w.clock ?? (() => new Date());
  return {
    series: sessionSeriesRooms({ store: w.store, bus: w.bus, clock }),
    settings: meetingSettingsReader(w.bus),
    credentials: new MeetingCredentials(w.pool, w.sealer, clock),
    ledger: new PgRoomLedger(w.pool, clock),
    rooms: (choice) => meetingRoomsFor(choice, w.config),
    clock,
    log: w.log,
  };
}
