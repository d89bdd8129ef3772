// A body over the limit (1 MiB) is answered 413 problem+json, and the client reads that answer: the
// server reads and discards the rest of the body (bounded in bytes and time) before it answers and
// closes, so the close never meets unread bytes (which makes the kernel reset the connection, and the
// client, still writing, lose the answer).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { DISCARD_LIMIT_BYTES } from '../../src/http/body-limit.js';

let app: TestApp;
let admin: string;
let port: number;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const org = await app.call('POST', '/organizations', {
    token: admin,
    body: { slug: 'big-bodies', name: 'Big bodies' },
  });
  expect(org.status, org.text).toBe(201);
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  port = (app.api.server.address() as net.AddressInfo).port;
});
afterAll(() => app?.close());

interface Answer {
  status?: number;
  type?: string;
  code?: string;
  error?: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One POST over a fresh socket, written as a client that sends its whole body before it reads the
 * answer: the head and the first 64 KiB, a pause (the server has its head and may answer), the rest,
 * and only then the answer is read. A server that answered and closed with the body unread has
 * reset the connection by then, and the answer is lost.
 */
function post(path: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(top ?? '')?.[1]);
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(top ?? '')?.[1];
      let code: string | undefined;
      try {
        code = JSON.parse(rest.join('\r\n\r\n')).code;
      } catch {
        code = undefined;
      }
      resolve({ status, type, code });
      socket.destroy();
    });
    socket.on('connect', async () => {
      socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, 64 * 1024)]));
      await pause(20);
      socket.write(body.subarray(64 * 1024), () => socket.resume());
    });
  });
}

const twoMiB = Buffer.from(`{"s":"${'x'.repeat(2 * 1024 * 1024)}"}`);

describe('a body over the limit', () => {
  it('500 requests of 2 MiB in a row: 500 answers 413 problem+json, no reset', async () => {
    const tally = new Map<string, number>();
    for (let i = 0; i < 500; i++) {
      const a = await post('/organizations/big-bodies/teams', twoMiB);
      const key = a.error ? `error ${a.error}` : `${a.status} ${a.type} ${a.code}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({
      '413 application/problem+json; charset=utf-8 ctp_body_too_large': 500,
    });
  }, 600_000);

  it('a chunked body over the limit (no length declared) is answered 413 and read, 20 times', async () => {
    const chunk = (b: Buffer) =>
      Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      chunk(twoMiB.subarray(0, 1024 * 1024)),
      chunk(twoMiB.subarray(1024 * 1024)),
      Buffer.from('0\r\n\r\n'),
    ]);
    for (let i = 0; i < 20; i++) {
      const a = await raw(
        `POST /organizations/big-bodies/teams HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        body,
      );
      expect(a.text, a.error).toMatch(/^HTTP\/1\.1 413 [^]*application\/problem\+json/);
    }
  });

  it('a declared length beyond what is discarded is answered at once, and the connection closed', async () => {
    const a = await raw(
      `POST /organizations/big-bodies/teams HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${DISCARD_LIMIT_BYTES + 1}\r\n\r\n`,
      Buffer.from('{"s":"'),
    );
    expect(a.text).toMatch(/^HTTP\/1\.1 413 [^]*connection: close/i);
    expect(a.closed).toBe(true);
  });

  it('a client that stops sending the rest is answered and closed after the discard time', async () => {
    const a = await raw(
      `POST /organizations/big-bodies/teams HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
      Buffer.from('{"s":"xxxx'),
    );
    expect(a.text).toMatch(/^HTTP\/1\.1 413 [^]*connection: close/i);
    expect(a.closed).toBe(true);
  }, 20_000);
});

/** Writes the head and the body as given, then reads until the server closes (or 15 s pass). */
function raw(head: string, body: Buffer): Promise<{ text: string; closed: boolean; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    let error: string | undefined;
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(Buffer.concat([Buffer.from(head), body])),
    );
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, error });
    }, 15_000);
    socket.on('data', (d) => (text += String(d)));
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, error });
    });
  });
}
