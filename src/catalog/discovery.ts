// Discovery: asks a provider which models it serves. Every call goes through the outbound guard (SSRF
// checks at connect time, a per-call time limit), reads at most a bounded body, and turns every failure
// into a short reason that never contains any part of the provider's response body.
import { STATUS_CODES } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { describeOutboundError, outboundFetch, type OutboundFetch } from '../outbound/guard.js';
import type { Driver } from './drivers.js';
import { recordedText } from '../lib/text.js';

/** SPEC 8: each outbound discovery call times out after 10 seconds. */
export const DISCOVERY_TIMEOUT_MS = 10_000;
/** SPEC 8: auto-pagination stops at 1000 models. */
export const DISCOVERY_CAP = 1000;
/** A model list larger than this is not a model list. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Pages followed at most, so that a server that always says "more" cannot keep us busy. */
const MAX_PAGES = 100;
/**
 * One discovery's pages together take at most this many call timeouts: a server answering each page
 * just inside the timeout would otherwise hold the request for MAX_PAGES of them (about 17 minutes).
 */
const BUDGET_IN_CALLS = 3;

export interface DiscoveredModel {
  model_id: string;
  display_name: string;
  context_window?: number;
  max_output_tokens?: number;
}

export interface DiscoveryResult {
  models: DiscoveredModel[];
  /** True when the provider reported more than the cap. */
  truncated: boolean;
}

export interface DiscoveryTarget {
  driver: Driver;
  /** The effective base URL (the provider's, else the driver's default). */
  baseUrl: string;
  apiKey: string | null;
}

export interface DiscoveryOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  cap?: number;
}

/** A discovery failure; `reason` names the transport error or HTTP status and nothing else. */
export class DiscoveryError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    // One short line: TLS errors carry multi-line OpenSSL text.
    const line = reason.split('\n')[0]!.trim();
    super(line.length > 200 ? `${line.slice(0, 199)}…` : line);
    this.reason = this.message;
    this.name = 'DiscoveryError';
  }
}

const httpStatus = (status: number) =>
  `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;

/** Reads a 2xx body as JSON, bounded; the parse error's own message (which quotes the body) is dropped. */
async function readJson(res: Response): Promise<unknown> {
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw new DiscoveryError(`the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new DiscoveryError('the response is not valid JSON');
  }
}

const notAList = () => new DiscoveryError('the response is not a model list');

function positiveInt(...candidates: unknown[]): number | undefined {
  for (const c of candidates) if (typeof c === 'number' && Number.isSafeInteger(c) && c > 0) return c;
  return undefined;
}

/** The `data` array of a list response, each entry an object with a string id. */
function listItems(body: unknown): Record<string, unknown>[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof body !== 'object' || body === null || !Array.isArray(data)) throw notAList();
  for (const item of data) {
    if (typeof item !== 'object' || item === null) throw notAList();
    const id = (item as { id?: unknown }).id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 256) throw notAList();
  }
  return data as Record<string, unknown>[];
}

/**
 * OpenAI API shape (vendor_b, vendor_b_compatible): GET {base_url}/models, `{object: 'list', data: [{id, object, created, owned_by}]}`.
 * Compatible servers may page with `has_more` and `last_id` (next page: `?after=<last id>`), and may
 * report context sizes under several names; the common ones are mapped.
 */
async function discoverVendorB(
  target: DiscoveryTarget,
  fetchFn: OutboundFetch,
  cap: number,
): Promise<DiscoveryResult> {
  const base = new URL(target.baseUrl);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/models`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  const models: DiscoveredModel[] = [];
  const seen = new Set<string>();
  let after: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const url = new URL(base);
    if (after !== undefined) url.searchParams.set('after', after);
    const res = await fetchFn(url, { headers });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new DiscoveryError(httpStatus(res.status));
    }
    const body = await readJson(res);
    const items = listItems(body);
    for (const [i, item] of items.entries()) {
      const id = item.id as string;
      if (seen.has(id)) continue;
      if (models.length >= cap) return { models, truncated: true };
      seen.add(id);
      const top = item.top_provider as Record<string, unknown> | undefined;
      const context = positiveInt(
        item.context_window,
        item.context_length,
        item.max_model_len,
        item.max_context_length,
      );
      const output = positiveInt(
        item.max_output_tokens,
        item.max_completion_tokens,
        top?.max_completion_tokens,
      );
      const name = [item.display_name, item.name].find((n) => typeof n === 'string' && n.length > 0);
      models.push({
        model_id: id,
        display_name: typeof name === 'string' ? recordedText(name, 200) : id,
        ...(context !== undefined ? { context_window: context } : {}),
        ...(output !== undefined ? { max_output_tokens: output } : {}),
      });
      if (
        models.length >= cap &&
        (i < items.length - 1 || (body as { has_more?: unknown }).has_more === true)
      )
        return { models, truncated: true };
    }
    const more = (body as { has_more?: unknown }).has_more === true;
    const lastId = (body as { last_id?: unknown }).last_id;
    const next = typeof lastId === 'string' && lastId ? lastId : (items[items.length - 1]?.id as string);
    if (!more || items.length === 0 || next === after) break;
    after = next;
  }
  return { models, truncated: false };
}

/**
 * Hands the vendor SDK a fetch that is guarded and that only ever passes on a checked 2xx JSON body:
 * error responses reach the SDK without their body, so no SDK error message can quote it.
 */
function sdkFetch(fetchFn: OutboundFetch): typeof fetch {
  return async (input, init) => {
    const res = await fetchFn(input instanceof Request ? input.url : input, init);
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return new Response(null, { status: res.status, headers: { 'content-type': 'application/json' } });
    }
    const body = await readJson(res);
    listItems(body);
    return new Response(JSON.stringify(body), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** Anthropic (vendor_a): the Anthropic SDK's paginated models list; max_input_tokens and max_tokens are mapped. */
async function discoverVendorA(
  target: DiscoveryTarget,
  fetchFn: OutboundFetch,
  options: DiscoveryOptions,
  cap: number,
): Promise<DiscoveryResult> {
  const client = new Anthropic({
    apiKey: target.apiKey,
    authToken: null,
    baseURL: target.baseUrl,
    fetch: sdkFetch(fetchFn),
    maxRetries: 0,
    timeout: options.timeoutMs,
    logLevel: 'off',
  });
  const models: DiscoveredModel[] = [];
  try {
    let page = await client.models.list({ limit: Math.min(cap, 1000) });
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const items = page.getPaginatedItems();
      for (const [i, m] of items.entries()) {
        if (models.length >= cap) return { models, truncated: true };
        const context = positiveInt(m.max_input_tokens);
        const output = positiveInt(m.max_tokens);
        models.push({
          model_id: m.id,
          display_name:
            typeof m.display_name === 'string' && m.display_name ? recordedText(m.display_name, 200) : m.id,
          ...(context !== undefined ? { context_window: context } : {}),
          ...(output !== undefined ? { max_output_tokens: output } : {}),
        });
        if (models.length >= cap && (i < items.length - 1 || page.hasNextPage()))
          return { models, truncated: true };
      }
      if (!page.hasNextPage() || items.length === 0) break;
      page = await page.getNextPage();
    }
    return { models, truncated: false };
  } catch (err) {
    throw new DiscoveryError(describeSdkError(err));
  }
}

function describeSdkError(err: unknown): string {
  if (err instanceof DiscoveryError) return err.reason;
  if (err instanceof Anthropic.APIConnectionTimeoutError) return 'timed out';
  if (err instanceof Anthropic.APIConnectionError) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof DiscoveryError ? cause.reason : describeOutboundError(cause ?? err);
  }
  // Status errors: the status only (the SDK's message would quote the body; ours carries none anyway).
  if (err instanceof Anthropic.APIError && typeof err.status === 'number') return httpStatus(err.status);
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timed out';
  return 'the response is not a model list';
}

/** Every call (and the reading of its body) ends by `deadline`; none starts after it. */
function withinBudget(fetchFn: OutboundFetch, deadline: number): OutboundFetch {
  return (url, init) => {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(new DiscoveryError('timed out'));
    const budget = AbortSignal.timeout(left);
    return fetchFn(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, budget]) : budget });
  };
}

/** Asks the provider for its models. Throws DiscoveryError on every failure. */
export async function discoverModels(
  target: DiscoveryTarget,
  options: DiscoveryOptions,
): Promise<DiscoveryResult> {
  const cap = options.cap ?? DISCOVERY_CAP;
  const fetchFn = withinBudget(
    outboundFetch({ allowPrivateNetworks: options.allowPrivateNetworks, timeoutMs: options.timeoutMs }),
    Date.now() + BUDGET_IN_CALLS * options.timeoutMs,
  );
  try {
    switch (target.driver.name) {
      case 'vendor_a':
        return await discoverVendorA(target, fetchFn, options, cap);
      case 'vendor_b':
      case 'vendor_b_compatible':
        return await discoverVendorB(target, fetchFn, cap);
      default:
        throw new DiscoveryError(`discovery is not supported for driver ${target.driver.name}`);
    }
  } catch (err) {
    if (err instanceof DiscoveryError) throw err;
    // Transport errors only reach here (the body-reading paths throw DiscoveryError themselves).
    throw new DiscoveryError(describeOutboundError(err));
  }
}
