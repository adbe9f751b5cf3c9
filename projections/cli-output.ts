/** What `npm run projections` prints: the status table and the rebuild progress bars. */
import { MultiBar, Presets } from 'cli-progress';
import type { Position } from '../domain/shared/events';
import type { ProjectionStatus } from './status';
import type { ReactorStatus } from './reactors/status';

export function formatPosition(p: Position | null): string {
  return p ? `${p.commit}/${p.prepare}` : '-';
}

function note(s: ProjectionStatus): string {
  if (s.failure) {
    const f = s.failure;
    return `FAILED at ${formatPosition(f.position)} (${f.eventType ?? '?'} ${f.eventId ?? '?'}): ${f.error}`
      + ` | npm run projections -- retry ${s.name}  or  skip ${s.name} ${formatPosition(f.position)}`;
  }
  if (s.lastError) return `failing: ${s.lastError}`;
  if (s.status === 'not started') return 'starts with the app (or rebuild)';
  if (s.codeVersion === null) return 'not in this code';
  if (s.status === 'serving' && s.codeVersion > s.version) return `code is v${s.codeVersion}: rebuild pending`;
  if (s.status === 'serving' && s.codeVersion < s.version) return `code is older (v${s.codeVersion})`;
  return '';
}

export function statusTable(rows: readonly ProjectionStatus[]): string {
  const header = ['PROJECTION', 'VERSION', 'STATUS', 'POSITION', 'EVENTS', 'LAG', 'UPDATED', 'NOTE'];
  const lines = rows.map((s) => [
    s.name,
    s.schema ? `v${s.version}${s.generation > 1 ? ` (rebuild ${s.generation})` : ''}` : `v${s.version}`,
    // A FAILED build still holds its place (serving stale rows, or building): say both.
    s.failure ? `FAILED (${s.status})` : s.status,
    formatPosition(s.position),
    String(s.eventsProcessed),
    s.lag === null ? '?' : String(s.lag),
    s.updatedAt ? s.updatedAt.toISOString().replace('T', ' ').slice(0, 19) : '-',
    note(s),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  return [header, ...lines].map((cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** One bar per build, with events/s over a sliding window and the ETA that rate gives. */
export class RebuildProgress {
  private readonly multi = new MultiBar({
    format: '{name} [{bar}] {percentage}% | {value}/{total} events | {rate} ev/s | ETA {etaText} | {state}',
    hideCursor: true,
    clearOnComplete: false,
    noTTYOutput: true,
    notTTYSchedule: 2000,
  }, Presets.shades_classic);
  private readonly bars = new Map<string, { bar: ReturnType<MultiBar['create']>; samples: Array<{ t: number; n: number }> }>();

  update(schema: string, name: string, done: number, remaining: number | null, state: string): void {
    const total = Math.max(done + (remaining ?? 0), 1);
    let entry = this.bars.get(schema);
    if (!entry) {
      entry = { bar: this.multi.create(total, done, { name: name.padEnd(12), rate: '0', etaText: '--:--', state }), samples: [] };
      this.bars.set(schema, entry);
    }
    const now = Date.now();
    entry.samples.push({ t: now, n: done });
    while (entry.samples.length > 2 && now - entry.samples[0].t > 10_000) entry.samples.shift();
    const first = entry.samples[0];
    const rate = now > first.t ? ((done - first.n) * 1000) / (now - first.t) : 0;
    const eta = remaining === null ? Number.NaN : remaining === 0 ? 0 : rate > 0 ? remaining / rate : Number.NaN;
    entry.bar.setTotal(total);
    entry.bar.update(done, { rate: rate.toFixed(0), etaText: formatDuration(eta), state });
  }

  stop(): void {
    this.multi.stop();
  }
}

/** The reactors' table under the projections' (docs/decisions/0069). */
export function reactorTable(rows: readonly ReactorStatus[]): string {
  const header = ['REACTOR', 'STATUS', 'POSITION', 'EVENTS', 'LAG', 'UPDATED', 'NOTE'];
  const lines = rows.map((s) => {
    const f = s.failure;
    const noteText = f
      ? `FAILED at ${formatPosition(f.position)} (${f.eventType ?? '?'} ${f.eventId ?? '?'}): ${f.error}`
        + ` | npm run projections -- retry ${s.name}  or  skip ${s.name} ${formatPosition(f.position)}`
      : s.lastError ? `retrying: ${s.lastError}` : s.status === 'not started' ? 'starts with the app' : s.inCode ? '' : 'not in this code';
    return [s.name, s.status, formatPosition(s.position), String(s.eventsProcessed), s.lag === null ? '?' : String(s.lag),
      s.updatedAt ? s.updatedAt.toISOString().replace('T', ' ').slice(0, 19) : '-', noteText];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  return [header, ...lines].map((cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
