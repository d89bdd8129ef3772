// A TCP relay that can hold every chunk for a while in each direction: the latency fault. This
// machine's kernel has no netem qdisc, so the API hosts reach NATS through one relay per NATS node
// (nftables DNAT in their namespaces, always on); the fault sets the delay, and nftables drops a
// share of the packets on that leg for the loss.
import net from 'node:net';

export interface DelayProxy {
  delayMs: number;
  connections: number;
  close(): Promise<void>;
}

/** Relays host:listenPort to target; chunks keep their order (same delay, FIFO timers). */
export function delayProxy(
  host: string,
  listenPort: number,
  target: { host: string; port: number },
): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  const state: DelayProxy = {
    delayMs: 0,
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      const d = state.delayMs;
      if (d <= 0) to.write(chunk);
      else setTimeout(() => !to.destroyed && to.write(chunk), d);
    });
    from.on('end', () => {
      const d = state.delayMs;
      if (d <= 0) to.end();
      else setTimeout(() => to.end(), d);
    });
  };
  const server = net.createServer((client) => {
    state.connections++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => resolve(state));
  });
}
