/**
 * CPU time and resident memory of other processes, read from Linux's /proc: the platform server
 * (a child of the bench) and the embedded PostgreSQL cluster (its postmaster and every backend
 * it forked). Reading the kernel's own counters before and after a run charges each side exactly
 * the CPU it used, whatever else runs on a shared machine, which is why the load figures report
 * CPU milliseconds per request beside requests per second.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The fields of /proc/<pid>/stat the bench uses, times in clock ticks. */
export interface ProcStat {
  pid: number;
  ppid: number;
  utime: number;
  stime: number;
  /** CPU of children that exited and were waited for (a backend that ended during the run). */
  cutime: number;
  cstime: number;
}

/**
 * Parses one /proc/<pid>/stat line. The command name (field 2) is in parentheses and may hold
 * spaces or parentheses itself, so fields are counted from the last ')'.
 */
export function parseStat(line: string): ProcStat {
  const close = line.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  const pid = Number.parseInt(line, 10);
  // After ')': state(3) ppid(4) pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime(14) stime cutime cstime.
  const rest = line.slice(close + 2).split(' ');
  const field = (n: number) => Number(rest[n - 3]);
  return { pid, ppid: field(4), utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

let ticksPerSecond: number | null = null;

/** The kernel's clock ticks per second (USER_HZ, almost always 100). */
export function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      // getconf is part of libc's tools on every Linux this runs on; without it USER_HZ is 100.
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

function readStat(pid: number): ProcStat | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (err) {
    // The process ended between listing and reading: it has no CPU left to count here.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ESRCH') return null;
    throw err;
  }
}

const ms = (ticks: number) => (ticks * 1000) / clockTicks();

/** CPU milliseconds one process has used so far (all its threads, and children it waited for). */
export function processCpuMs(pid: number): number {
  const s = readStat(pid);
  if (!s) throw new Error(`process ${pid} is gone`);
  return ms(s.utime + s.stime + s.cutime + s.cstime);
}

/**
 * CPU milliseconds of a process and its live children so far. A child that exits moves its
 * time into the parent's cutime/cstime when reaped, so the sum never loses a backend that ended
 * between two readings (PostgreSQL's postmaster reaps its backends at once).
 */
export function treeCpuMs(rootPid: number): number {
  const root = readStat(rootPid);
  if (!root) throw new Error(`process ${rootPid} is gone`);
  let ticks = root.utime + root.stime + root.cutime + root.cstime;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = readStat(Number(entry));
    if (s && s.ppid === rootPid) ticks += s.utime + s.stime;
  }
  return ms(ticks);
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** The postmaster of a PostgreSQL data folder (first line of postmaster.pid), or null when not running there. */
export function postmasterPid(clusterDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
    return Number.isInteger(pid) && readStat(pid) ? pid : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EACCES') return null;
    throw err;
  }
}

/** CPU readings of the server process and of PostgreSQL (null when the cluster is not local). */
export interface CpuReading {
  serverMs: number;
  postgresMs: number | null;
}

export interface CpuMeter {
  read(): CpuReading;
}

export function cpuMeter(serverPid: number, postgresPid: number | null): CpuMeter {
  return { read: () => ({ serverMs: processCpuMs(serverPid), postgresMs: postgresPid === null ? null : treeCpuMs(postgresPid) }) };
}

export function cpuSince(before: CpuReading, after: CpuReading): CpuReading {
  return {
    serverMs: after.serverMs - before.serverMs,
    postgresMs: before.postgresMs === null || after.postgresMs === null ? null : after.postgresMs - before.postgresMs,
  };
}
