// `npm start`'s first step: builds the console (console/ -> console/dist) when its sources changed,
// with the build tools (tsx, vite: development dependencies) when they are installed, as they are in
// a checkout after `npm ci`. An install without them (`npm ci --omit=dev`) runs the console that
// `npm run build` made and shipped; without one, /console answers 503 until it is built.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  if (!fs.existsSync(path.join(root, 'console', 'dist', 'index.html'))) {
    process.stderr.write(
      'console: no build in console/dist and no build tools installed (devDependencies): ' +
        'run `npm run build` where they are; /console answers 503 until then\n',
    );
  }
  process.exit(0);
}
if (!fs.existsSync(path.join(root, 'src', 'console', 'build.ts'))) process.exit(0); // no sources shipped
register();
const { ensureConsoleBuilt } = await import('../src/console/build.ts');
if (!(await ensureConsoleBuilt())) process.stdout.write('console: build is up to date\n');
