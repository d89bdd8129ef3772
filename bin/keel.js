#!/usr/bin/env -S node --max-semi-space-size=64
// --max-semi-space-size=64: a young generation large enough that a request's objects die young
// under load (docs/configuration.md, "Memory"); `npm start` and the benchmarks run Keel the same way.
// Runs the TypeScript sources through tsx, so the CLI works straight from a checkout.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
