// Answers to requests Node's HTTP parser refuses before Fastify sees them (an oversized or malformed
// header, an unknown method, a request timeout): problem+json with the security headers and
// `Cache-Control: no-store`, like every other answer, where Fastify's default wrote bare JSON.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { STATUS_TITLES, problemBody } from './errors.js';
import { BASE_HEADERS } from './security-headers.js';

const ANSWERS: Record<string, { status: number; code: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    detail: 'the request was not received in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    detail: 'the request headers are too large',
  },
};
const MALFORMED = { status: 400, code: 'bad_request', detail: 'the request is not well-formed HTTP' };

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset or destroyed socket has no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, code, detail } = ANSWERS[err.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify(problemBody(status, code, detail));
    const headers = {
      ...BASE_HEADERS,
      'x-request-id': randomUUID(),
      'content-type': 'application/problem+json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_TITLES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}
