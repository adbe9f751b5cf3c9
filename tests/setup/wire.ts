/**
 * What a pg client puts on the wire, for tests of how many queries and round trips a read costs.
 * A query is a simple-protocol Query message or an extended-protocol Sync: each gets one
 * ReadyForQuery back. A round trip begins with a query sent while no answer is awaited; queries sent
 * while answers are awaited (pipelined) ride on the round trip already under way.
 */
import type { PoolClient } from 'pg';

export interface WireCounts {
  /** Query and Sync messages sent: one server answer (ReadyForQuery) each. */
  queries: number;
  /** Writes handed to the socket's transport (corked messages leave together in one). */
  writes: number;
  /** Queries sent while nothing was awaited: the round trips the client had to wait for. */
  roundTrips: number;
  /** The simple-protocol texts sent (BEGIN ..., COMMIT, ROLLBACK; extended statements are not listed). */
  simpleTexts: string[];
}

const QUERY = 0x51; // 'Q'
const SYNC = 0x53; // 'S'

/**
 * Walks the protocol messages in one write (each: a type byte, then a length that counts itself),
 * calling `answered` for each that the server answers with a ReadyForQuery.
 */
function scan(chunk: Buffer, counts: WireCounts, answered: () => void): void {
  for (let at = 0; at + 5 <= chunk.length;) {
    const type = chunk[at];
    const length = chunk.readUInt32BE(at + 1);
    if (type === QUERY) counts.simpleTexts.push(chunk.toString('utf8', at + 5, at + length).replace(/\0$/, ''));
    if (type === QUERY || type === SYNC) answered();
    at += 1 + length;
  }
}

/** Starts counting what `client` sends from now on; the returned object is updated in place. */
export function watchWire(client: PoolClient): WireCounts {
  const counts: WireCounts = { queries: 0, writes: 0, roundTrips: 0, simpleTexts: [] };
  let awaited = 0;
  type Transport = (...args: unknown[]) => unknown;
  const stream = client.connection.stream as unknown as { write: Transport; _write: Transport; _writev?: Transport };
  for (const name of ['_write', '_writev'] as const) {
    const original = stream[name];
    if (!original) continue;
    stream[name] = (...args: unknown[]) => {
      counts.writes += 1;
      return original.apply(stream, args);
    };
  }
  const write = stream.write.bind(stream);
  stream.write = (chunk: unknown, ...rest: unknown[]) => {
    if (Buffer.isBuffer(chunk)) {
      scan(chunk, counts, () => {
        // A query sent while none is awaited waits for a round trip of its own; others ride along.
        if (awaited === 0) counts.roundTrips += 1;
        counts.queries += 1;
        awaited += 1;
      });
    }
    return write(chunk, ...rest);
  };
  client.connection.on('readyForQuery', () => { awaited = Math.max(0, awaited - 1); });
  return counts;
}
