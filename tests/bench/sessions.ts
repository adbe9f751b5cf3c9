/**
 * Benchmarks 9 and 10 (issue 8, `BENCH_ONLY=sessions`): one database and one running platform (a
 * child process, as for 5 to 7) with the demo ecosystem and the bench's people
 * (sessions-people.ts); 200,000 occurrences are written in bulk (sessions-seed.ts), then 9 measures
 * the reads (sessions-reads.ts) and 10 the bookings (sessions-booking.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Timing } from './appends';
import type { BenchCluster } from './db';
import type { BenchResult } from './report';
import { spawnServer, type ServerProcess } from './servers';
import { bookingBenchmark } from './sessions-booking';
import { SESSION_PEOPLE_PASSWORD, type SessionPeople } from './sessions-people';
import { readBenchmarks } from './sessions-reads';
import { logIn } from './sessions-requests';
import { OCCURRENCES, seedSessions, SUBJECTS } from './sessions-seed';

export interface SessionBenchOptions {
  cluster: BenchCluster;
  latency: Timing;
  concurrencies: readonly number[];
  log: (line: string) => void;
  section<T extends BenchResult>(id: string, title: string, fn: () => Promise<T[]>): Promise<BenchResult[]>;
}

/** Tutors of benchmark 10: two warm-up series and up to 8 series a round. */
const bookingTutors = (t: Timing) => 2 + 8 * t.rounds;

/** A Monday one to two weeks ahead (UTC), where nothing of the seed's bench tutors is. */
function nextMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

export async function sessionBenchmarks(o: SessionBenchOptions): Promise<BenchResult[]> {
  const db = await o.cluster.database('sessions', 2);
  const dataDir = path.join(o.cluster.tempDir, 'sessions');
  const peopleFile = path.join(o.cluster.tempDir, 'session-people.json');
  let server: ServerProcess | null = null;
  try {
    o.log('9-10. starting the platform with the demo ecosystem and the bench people ...');
    server = await spawnServer('graphql', {
      BENCH_DATABASE_URL: db.url, BENCH_API_PASSWORD: o.cluster.apiPassword, BENCH_DATA_DIR: dataDir,
      BENCH_SESSION_PEOPLE: peopleFile, BENCH_BOOKING_TUTORS: String(bookingTutors(o.latency)),
    }, o.log);
    const people = JSON.parse(await readFile(peopleFile, 'utf8')) as SessionPeople;
    const started = performance.now();
    const seeded = await seedSessions(db.pool, { ecosystemId: people.ecosystemId, programId: people.programId, tutorId: people.tutor.userId, learnerId: people.learner.userId });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    o.log(`   wrote ${seeded.sessions.toLocaleString('en-US')} occurrences and ${seeded.participants.toLocaleString('en-US')} participants in ${seconds} s (then ANALYZE)`);
    if (seeded.sessions !== OCCURRENCES) throw new Error(`the seed wrote ${seeded.sessions} occurrences, not ${OCCURRENCES}`);
    const base = server.url;
    const [adminToken, tutorToken, learnerToken] = [
      await logIn(base, people.adminEmail, people.adminPassword),
      await logIn(base, people.tutor.email, SESSION_PEOPLE_PASSWORD),
      await logIn(base, people.learner.email, SESSION_PEOPLE_PASSWORD),
    ];
    const facts = { seed: `${seeded.sessions} occurrences of 2,000 weekly series, ${seeded.participants} participants, 300 tutors, 3,000 learners, written in ${seconds} s` };
    const results: BenchResult[] = [];
    results.push(...await o.section('9', 'sessions pages on 200,000 occurrences', () => readBenchmarks({
      setup: { base, ecosystemId: people.ecosystemId, tutorToken, learnerToken, adminToken, subjectTerm: SUBJECTS[3], nameTerm: 'Benchtutor' },
      timing: o.latency, concurrencies: o.concurrencies, log: o.log, facts,
    })));
    results.push(...await o.section('10', 'createSession: series vs one-off', async () => [await bookingBenchmark({
      setup: { base, adminToken, programId: people.programId, tutors: people.bookingTutors, firstDate: nextMonday() }, timing: o.latency, log: o.log,
    })]));
    return results;
  } finally {
    await server?.stop();
    await db.drop();
  }
}
