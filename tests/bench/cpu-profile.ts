/**
 * Summaries of a V8 CPU profile (`node --cpu-prof`): self time by package or folder and by
 * function, and inclusive time by function (scripts/profile-load.ts, scripts/growth-cost.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:') || !url) return url || '(native)';
  return path.relative(process.cwd(), url.replace(/^file:\/\//, '')).split('/').slice(0, 2).join('/');
}

export function summarise(profile: Profile, top: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const selfBy = new Map<string, number>();
  const pkgBy = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + t);
    pkgBy.set(packageOf(n.callFrame.url), (pkgBy.get(packageOf(n.callFrame.url)) ?? 0) + t);
    // Each function on the stack once (recursion counted once).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + t);
    }
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `  ${pct(t)}  ${k}`);
  return [
    `total ${(total / 1e6).toFixed(1)} s of samples`,
    'self time by package or folder:', ...list(pkgBy, 25),
    'self time by function:', ...list(selfBy, top),
    'inclusive time by function:', ...list(inclusive, top * 2),
  ];
}


/** The main thread's profiles in a --cpu-prof-dir: tsx's loader thread writes one too (its file ends .1.00N). */
export async function mainThreadProfiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f)).map((f) => path.join(dir, f));
}

export async function readProfile(file: string): Promise<Profile> {
  return JSON.parse(await readFile(file, 'utf8')) as Profile;
}
