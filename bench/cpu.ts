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

/** CPU time of every process whose command name (as /proc shows it, at most 15 characters) is `comm`, by pid. */
function commandMicros(comm: string): Map<number, number> {
  const byPid = new Map<number, number>();
  if (os.platform() !== 'linux') return byPid;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) {
        const us = processMicros(Number(entry));
        if (us !== undefined) byPid.set(Number(entry), us);
      }
    } catch {
      /* ended meanwhile */
    }
  }
  return byPid;
}

const postgresMicros = () => commandMicros('postgres');

/**
 * What a command's processes spent between two readings: a process that started meanwhile counts
 * whole; one that ended meanwhile is not counted (its time is gone with it).
 */
function commandSpent(before: Map<number, number>, after: Map<number, number>): number {
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
      postgres: per(commandSpent(before.postgres, postgresMicros())),
      loadGenerator: per(self.user + self.system),
    },
  };
}

export const cpuTotal = (c: CpuPerRequest) => c.server + c.postgres + c.loadGenerator;

export const cpuText = (c: CpuPerRequest) =>
  `server ${c.server} + PostgreSQL ${c.postgres} + load generator ${c.loadGenerator} = ${cpuTotal(c)} µs`;

/** The servers a pipeline runs on, by the command names /proc gives them. */
const SERVERS = { PostgreSQL: 'postgres', NATS: 'nats-server', ClickHouse: 'clickhouse-serv' } as const;

/**
 * CPU per row of each party of a pipeline run: this process (`self`), the processes given by pid (running
 * before and after `work`), and the servers (every process of each; on a shared machine, their other work counts too).
 */
export async function cpuPerRow<T>(
  pids: Record<string, number>,
  work: () => Promise<T>,
  rows: number,
): Promise<{ result: T; perRow: Record<string, number> }> {
  const servers = Object.fromEntries(Object.entries(SERVERS).map(([k, c]) => [k, commandMicros(c)]));
  const children = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, processMicros(pid) ?? 0]));
  const self = process.cpuUsage();
  const result = await work();
  const spent = process.cpuUsage(self);
  const per = (us: number) => Math.round((us / rows) * 10) / 10;
  const perRow: Record<string, number> = { self: per(spent.user + spent.system) };
  for (const [name, pid] of Object.entries(pids))
    perRow[name] = per((processMicros(pid) ?? 0) - children[name]!);
  for (const [name, comm] of Object.entries(SERVERS))
    perRow[name] = per(commandSpent(servers[name]!, commandMicros(comm)));
  return { result, perRow };
}

export const perRowText = (perRow: Record<string, number>) =>
  `${Object.entries(perRow)
    .map(([k, v]) => `${k} ${v}`)
    .join(' + ')} = ${Math.round(Object.values(perRow).reduce((a, b) => a + b, 0) * 10) / 10} µs/row`;
