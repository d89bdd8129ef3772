import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from './redact.js';
import { RequestLogger } from './request-logger.js';

function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
  return { log, lines };
}

describe('the logger of one request', () => {
  it('writes lines bound to the request id, redacted like every line', async () => {
    const { log, lines } = logger('info');
    const req = new RequestLogger(log, { request_id: 'r-1' });
    req.info({ password: 'hunter2hunter2', route: '/x' }, 'request completed');
    req.error({ err: new Error('boom') }, 'unhandled error');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      request_id: 'r-1',
      route: '/x',
      password: '[redacted]',
      msg: 'request completed',
    });
    expect(lines[1]).toMatchObject({ request_id: 'r-1', msg: 'unhandled error', level: 50 });
  });

  it('writes nothing below the configured level, and makes no child for it', () => {
    const { log, lines } = logger('warn');
    let children = 0;
    const counting = Object.create(log) as typeof log;
    counting.child = ((...args: Parameters<typeof log.child>) => {
      children++;
      return log.child(...args);
    }) as typeof log.child;
    const req = new RequestLogger(counting, { request_id: 'r-2' });
    req.info('request completed');
    req.debug('detail');
    expect(req.level).toBe('warn');
    expect(req.isLevelEnabled('info')).toBe(false);
    expect(children).toBe(0);
    expect(lines).toHaveLength(0);
    req.warn('slow');
    expect(children).toBe(1);
  });

  it('children of the request logger keep its bindings', async () => {
    const { log, lines } = logger('info');
    new RequestLogger(log, { request_id: 'r-3' }).child({ part: 'db' }).info('x');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ request_id: 'r-3', part: 'db' });
  });
});
