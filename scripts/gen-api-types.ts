// Generates the API's types (src/http/api-types.ts) from the OpenAPI document Keel serves, with
// openapi-typescript: the console's client (console/src/api.ts) and the scheduler's
// (src/scheduler/keel-client.ts, through src/scheduler/api-calls.ts) import them, so a changed endpoint
// breaks their type checks, not a person.
//   npm run gen:api                 starts `keel serve` on the embedded default and reads its document
//   npm run gen:api -- <base url>   reads <base url>/openapi.json from a running Keel
// test/console/api-types.test.ts fails when the checked-in file differs from what the app serves.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const API_TYPES = path.resolve(import.meta.dirname, '../src/http/api-types.ts');

const HEADER =
  '// Generated from /openapi.json by `npm run gen:api` (scripts/gen-api-types.ts): do not edit by hand.\n' +
  '/* eslint-disable */\n';

/** The TypeScript of an OpenAPI document, as checked in. */
export async function apiTypesOf(doc: object): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const given = process.argv[2];
  let stop = async () => {};
  let base = given;
  if (!base) {
    const { startKeel } = await import('../test/console/browser.js');
    const keel = await startKeel();
    base = keel.base;
    stop = () => keel.stop();
  }
  try {
    const res = await fetch(`${base.replace(/\/+$/, '')}/openapi.json`);
    if (!res.ok) throw new Error(`GET ${base}/openapi.json: ${res.status}`);
    fs.writeFileSync(API_TYPES, await apiTypesOf((await res.json()) as object));
    process.stdout.write(`wrote ${path.relative(process.cwd(), API_TYPES)}\n`);
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
