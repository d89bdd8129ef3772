// Hosts on one machine: a Linux network namespace per host, each with a veth pair into one bridge
// in the root namespace (where the harness runs and reaches every host). Faults cut or slow links with
// nftables and tc inside a host's namespace.
import { spawnSync } from 'node:child_process';

/** Prefix of every namespace and link this harness makes, so leftovers of a killed run are found. */
export const PREFIX = 'kc37';
export const SUBNET = '10.199.37';
export const BRIDGE = `${PREFIX}-br`;
export const HARNESS_IP = `${SUBNET}.1`;

/** Runs a command; throws with its output when it fails (unless `ok` lists that exit code). */
export function sh(cmd: string, args: string[], opts: { allowFail?: boolean; input?: string } = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input: opts.input, timeout: 60_000 });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
  return r.stdout;
}

export interface Host {
  name: string;
  ns: string;
  ip: string;
  /** host side of the veth pair (in the root namespace, on the bridge) */
  link: string;
}

export function host(name: string, octet: number): Host {
  return { name, ns: `${PREFIX}-${name}`, ip: `${SUBNET}.${octet}`, link: `${PREFIX}${name}` };
}

/** Removes every namespace and link a run of this harness made (its own or a killed one's). */
export function teardownNetwork(): void {
  for (const line of sh('ip', ['netns', 'list'], { allowFail: true }).split('\n')) {
    const ns = line.split(' ')[0];
    if (ns?.startsWith(`${PREFIX}-`)) sh('ip', ['netns', 'del', ns], { allowFail: true });
  }
  for (const line of sh('ip', ['-o', 'link', 'show'], { allowFail: true }).split('\n')) {
    const name = line.split(':')[1]?.trim().split('@')[0];
    if (name?.startsWith(PREFIX)) sh('ip', ['link', 'del', name], { allowFail: true });
  }
}

export function setupNetwork(hosts: Host[]): void {
  teardownNetwork();
  sh('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  sh('ip', ['addr', 'add', `${HARNESS_IP}/24`, 'dev', BRIDGE]);
  sh('ip', ['link', 'set', BRIDGE, 'up']);
  for (const h of hosts) {
    sh('ip', ['netns', 'add', h.ns]);
    sh('ip', ['link', 'add', h.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', h.ns]);
    sh('ip', ['link', 'set', h.link, 'master', BRIDGE]);
    sh('ip', ['link', 'set', h.link, 'up']);
    inNs(h, 'ip', ['addr', 'add', `${h.ip}/24`, 'dev', 'eth0']);
    inNs(h, 'ip', ['link', 'set', 'eth0', 'up']);
    inNs(h, 'ip', ['link', 'set', 'lo', 'up']);
  }
}

export function inNs(h: Host, cmd: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  return sh('ip', ['netns', 'exec', h.ns, cmd, ...args], opts);
}

/** Drops every packet between `h` and `peers` (both directions, in h's namespace), until heal(). */
export function partition(h: Host, peers: Host[]): () => void {
  const set = peers.map((p) => p.ip).join(', ');
  const rules = `table inet kcpart {
  chain out { type filter hook output priority 0; ip daddr { ${set} } drop; }
  chain in { type filter hook input priority 0; ip saddr { ${set} } drop; }
}
`;
  sh('ip', ['netns', 'exec', h.ns, 'nft', '-f', '-'], { input: rules });
  return () => inNs(h, 'nft', ['delete', 'table', 'inet', 'kcpart'], { allowFail: true });
}

/** Sends h's connections to each `to.ip:to.port` through `via.ip:via.port` instead (nftables DNAT). */
export function redirect(
  h: Host,
  routes: { to: { ip: string; port: number }; via: { ip: string; port: number } }[],
): void {
  const rules = routes
    .map((r) => `    ip daddr ${r.to.ip} tcp dport ${r.to.port} dnat to ${r.via.ip}:${r.via.port}`)
    .join('\n');
  sh('ip', ['netns', 'exec', h.ns, 'nft', '-f', '-'], {
    input: `table ip kcnat {\n  chain out {\n    type nat hook output priority -100;\n${rules}\n  }\n}\n`,
  });
}

/** Drops `pct` % of the TCP packets between h and ip:ports, both ways, until the undo is called. */
export function lossy(h: Host, ip: string, ports: number[], pct: number): () => void {
  const set = ports.join(', ');
  sh('ip', ['netns', 'exec', h.ns, 'nft', '-f', '-'], {
    input: `table inet kcloss {
  chain out { type filter hook output priority 0; ip daddr ${ip} tcp dport { ${set} } numgen random mod 100 < ${pct} drop; }
  chain in { type filter hook input priority 0; ip saddr ${ip} tcp sport { ${set} } numgen random mod 100 < ${pct} drop; }
}
`,
  });
  return () => inNs(h, 'nft', ['delete', 'table', 'inet', 'kcloss'], { allowFail: true });
}
