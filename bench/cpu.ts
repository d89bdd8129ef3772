// CPU time per request, by process: the server under load, PostgreSQL (every backend and helper) and
// the load generator (autocannon runs in the bench process). On two shared cores, throughput follows
// the sum of the three, so a ratio between two servers is explained by these figures. Linux only
// (/proc); elsewhere every figure reads 0.
import fs from 'node:fs';
import os from 'node:os';

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process in microseconds; undefined once it is gone. */
export function processMicros(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return undefined;
  }
}

/** CPU time of every PostgreSQL process, by pid. */
function postgresMicros(): Map<number, number> {
  const byPid = new Map<number, number>();
  if (os.platform() !== 'linux') return byPid;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        const us = processMicros(Number(entry));
        if (us !== undefined) byPid.set(Number(entry), us);
      }
    } catch {
      /* ended meanwhile */
    }
  }
  return byPid;
}

/**
 * What PostgreSQL's processes spent between two readings: a process that started meanwhile counts
 * whole; one that ended meanwhile is not counted (its time is gone with it).
 */
function postgresSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}

export interface CpuPerRequest {
  server: number;
  postgres: number;
  loadGenerator: number;
}

/** Runs `load` and divides the CPU each party spent meanwhile by the requests it answered. */
export async function cpuPerRequest<T>(
  serverPid: number,
  load: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<{ result: T; cpu: CpuPerRequest }> {
  const before = {
    server: processMicros(serverPid) ?? 0,
    postgres: postgresMicros(),
    self: process.cpuUsage(),
  };
  const result = await load();
  const self = process.cpuUsage(before.self);
  const n = Math.max(1, requestsOf(result));
  const per = (us: number) => Math.round(us / n);
  return {
    result,
    cpu: {
      server: per((processMicros(serverPid) ?? 0) - before.server),
      postgres: per(postgresSpent(before.postgres, postgresMicros())),
      loadGenerator: per(self.user + self.system),
    },
  };
}

export const cpuTotal = (c: CpuPerRequest) => c.server + c.postgres + c.loadGenerator;

export const cpuText = (c: CpuPerRequest) =>
  `server ${c.server} + PostgreSQL ${c.postgres} + load generator ${c.loadGenerator} = ${cpuTotal(c)} µs`;
