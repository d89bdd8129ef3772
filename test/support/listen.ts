// A local HTTP server for a test, on a free loopback port.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 and a free port; returns its base URL. */
export async function listenLocal(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
