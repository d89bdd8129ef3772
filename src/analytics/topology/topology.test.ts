import { describe, expect, it } from 'vitest';
import { InvalidAnalyticsRow, validateRecord } from '../outbox/recorder.js';
import { clickhouseTime, isoTime } from './shapes.js';
import { TOPOLOGY, sinks, streams } from './topology.js';

const event = {
  event_id: '0b7c3c1e-8f2a-4a51-9d55-6a1c2b3d4e5f',
  event_type: 'project.created',
  source: 'lifecycle',
  organization: 'acme',
  project: 'web',
  environment: null,
  subject_id: 'p1',
  principal_name: 'ann@example.com',
  actor_name: null,
  summary: 'created project web',
  metadata: '{}',
  occurred_at: '2026-01-02 03:04:05',
  version: 1,
};

describe('SPEC 6.2: the topology', () => {
  it('declares metrics and notifications as future streams without a sink', () => {
    for (const name of ['metrics', 'notifications'] as const) {
      expect(TOPOLOGY[name].table).toBeNull();
      expect(sinks().map(([s]) => s)).not.toContain(name);
    }
  });

  it('gives every sink a key and, when it deduplicates, a version column that are columns of its row', () => {
    for (const [name, def] of sinks()) {
      const columns = Object.keys((def.row as { properties: object }).properties);
      for (const k of def.storage.key) expect(columns, `${name} key ${k}`).toContain(k);
      if (def.storage.mode === 'deduplicate') expect(columns, name).toContain(def.storage.version);
      expect(def.topics.length, name).toBeGreaterThan(0);
    }
    expect(streams()).toHaveLength(17);
  });

  it('follows SPEC 6.3.6 on which tables deduplicate', () => {
    const plain = sinks()
      .filter(([, d]) => d.storage.mode === 'plain')
      .map(([n]) => n)
      .sort();
    expect(plain).toEqual([
      'maintenance_log',
      'release_component_batches',
      'release_components',
      'score_history',
    ]);
  });
});

describe('every row is validated before it enters the outbox', () => {
  it('accepts a row of the stream type', () => {
    expect(() => validateRecord('events', 'lifecycle', [event], {})).not.toThrow();
  });

  it.each([
    ['a missing field', { ...event, summary: undefined }, '/summary'],
    ['an unknown field', { ...event, extra: 1 }, ''],
    [
      'an ISO timestamp ClickHouse 18.16 cannot parse',
      { ...event, occurred_at: '2026-01-02T03:04:05Z' },
      '/occurred_at',
    ],
    ['an enum value outside the list', { ...event, source: 'email' }, '/source'],
  ])('refuses %s', (_what, row, pointer) => {
    const err = (() => {
      try {
        validateRecord('events', 'lifecycle', [row], {});
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InvalidAnalyticsRow);
    expect(String((err as Error).message)).toContain(pointer);
    // The message names where, never the values (which may be personal data).
    expect(String((err as Error).message)).not.toContain('ann@example.com');
  });

  it('refuses a topic of another stream, a future stream and a header with a line break', () => {
    expect(() => validateRecord('events', 'deployments', [event], {})).toThrow(InvalidAnalyticsRow);
    expect(() => validateRecord('metrics', 'drift', [], {})).toThrow(InvalidAnalyticsRow);
    expect(() => validateRecord('events', 'gateway', [event], { webhook: 'a\r\nb' })).toThrow(
      InvalidAnalyticsRow,
    );
    expect(() => validateRecord('events', 'gateway', [event], { 'Nats-Msg-Id': 'x' })).toThrow(
      InvalidAnalyticsRow,
    );
  });
});

describe('timestamps', () => {
  it('converts between ClickHouse DateTime text and ISO-8601', () => {
    expect(clickhouseTime('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04:05');
    expect(isoTime('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05Z');
    expect(isoTime('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05.678Z');
  });
});
