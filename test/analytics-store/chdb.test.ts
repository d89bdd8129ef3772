// The store contract against the embedded engine (chdb). chdb allows one data directory per process,
// so this file owns its process's engine (vitest runs each file in its own fork).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chdbStore } from '../../src/analytics/store/chdb.js';
import { AnalyticsStoreError } from '../../src/analytics/store/port.js';
import { storeContract, topologyContract, uniqueDatabase } from './contract.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-chdb-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

storeContract('chdb', async () => chdbStore(dir, uniqueDatabase()));
topologyContract(async () => chdbStore(dir, uniqueDatabase()));

describe('embedded transport', () => {
  it('refuses a second data directory in the same process with a clear message', async () => {
    const first = chdbStore(dir, 'keel_first');
    expect(() => chdbStore(path.join(dir, 'other'))).toThrow(AnalyticsStoreError);
    expect(() => chdbStore(path.join(dir, 'other'))).toThrow(/one data directory per process/);
    await first.close();
  });

  it('keeps its tables across a reopen of the same directory', async () => {
    const a = chdbStore(dir, 'keel_reopen');
    await a.command('CREATE DATABASE IF NOT EXISTS keel_reopen');
    await a.command('CREATE TABLE IF NOT EXISTS keel_reopen.t (id String) ENGINE = MergeTree ORDER BY id');
    await a.insert('t', [{ id: 'kept' }]);
    await a.close();
    const b = chdbStore(dir, 'keel_reopen');
    expect(await b.query('SELECT id FROM keel_reopen.t')).toEqual([{ id: 'kept' }]);
    await b.close();
  });
});
