// A request answered before its body was read (over the body limit: 413) is read to its end first,
// and the bytes discarded, within bounds. Answering at once and closing the connection leaves the
// unread bytes in the kernel, which then resets the connection; a client still writing its body
// gets EPIPE or ECONNRESET and never reads the answer. Reading on costs a hostile client nothing it
// could not get from any slow request: at most DISCARD_LIMIT_BYTES and DISCARD_LIMIT_MS per request,
// then the connection is closed whatever is left.
import type { IncomingMessage } from 'node:http';

/** At most this much of a refused body is read and discarded. */
export const DISCARD_LIMIT_BYTES = 8 * 1024 * 1024;
/** For at most this long. */
export const DISCARD_LIMIT_MS = 5_000;

/** Whether part of the request body has not been received yet. */
export const bodyUnread = (raw: IncomingMessage): boolean => !(raw.complete || raw.readableEnded);

/**
 * Reads the rest of the request body and drops it. Resolves true once the body has ended, false
 * when it was not read to its end (more than the bounds allow, declared or sent, or the client
 * went away).
 */
export function discardBody(
  raw: IncomingMessage,
  limits = { bytes: DISCARD_LIMIT_BYTES, ms: DISCARD_LIMIT_MS },
): Promise<boolean> {
  if (!bodyUnread(raw)) return Promise.resolve(true);
  if (raw.destroyed || Number(raw.headers['content-length']) > limits.bytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onError);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), limits.ms);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onError);
    raw.resume();
  });
}
