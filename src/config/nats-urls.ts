// KEEL_STREAM_URL for NATS: one `nats://` URL, or a comma-separated list of them (the nodes of a
// cluster). The NATS client takes one user and password for every server, so the credentials are
// written once: on the first URL, and any later URL either carries none or repeats the same ones.
// Different credentials on two URLs are refused rather than one of them silently ignored.

export interface NatsServers {
  /** `host:port` of each URL, in the order given (the client tries them in random order). */
  servers: string[];
  user?: string;
  pass?: string;
}

/** Where the servers are, for messages and /ready: never the credentials. */
export function natsEndpoints(servers: NatsServers): string {
  return servers.servers.join(', ');
}

/** Parses a validated (or test-supplied) list; throws an Error whose message says what is wrong. */
export function parseNatsUrls(raw: string): NatsServers {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new Error('has an empty entry in its comma-separated list');
  const servers: string[] = [];
  let user: string | undefined;
  let pass: string | undefined;
  parts.forEach((part, i) => {
    const which = parts.length > 1 ? `entry ${i + 1} ` : '';
    let u: URL;
    try {
      u = new URL(part);
    } catch {
      throw new Error(`${which}is not a nats://user:password@host:port URL`);
    }
    if (u.protocol !== 'nats:' || !u.hostname) {
      throw new Error(`${which}is not a nats://user:password@host:port URL`);
    }
    if ((u.pathname !== '' && u.pathname !== '/') || u.search || u.hash) {
      throw new Error(`${which}must be nats://user:password@host:port, with no path or query`);
    }
    servers.push(`${u.hostname}:${u.port || '4222'}`);
    const [uUser, uPass] = [decodeURIComponent(u.username), decodeURIComponent(u.password)];
    if (!uUser && !uPass) return;
    if (i === 0) {
      user = uUser;
      pass = uPass;
    } else if (uUser !== (user ?? '') || uPass !== (pass ?? '')) {
      // Never the credentials themselves in the message.
      throw new Error(
        `${which}carries credentials different from the first URL's; the client uses one user and ` +
          'password for every node: write them on the first URL only, or the same on each',
      );
    }
  });
  if (new Set(servers).size !== servers.length) throw new Error('names the same host:port twice');
  return {
    servers,
    ...(user ? { user } : {}),
    ...(pass ? { pass } : {}),
  };
}
