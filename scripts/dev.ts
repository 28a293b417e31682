import { spawn } from 'node:child_process';
import { ROOT, startStack } from './stack.ts';

// Server and emulator as in `npm start`, plus Vite with hot reload proxying the API to the server.
// The page comes from Vite's origin and calls the server across origins: let CORS admit it.
const stack = await startStack({ verbose: true, source: true, env: { WEB_ORIGIN: 'http://127.0.0.1:5173' } });
const vite = spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
console.log('\nOpen http://127.0.0.1:5173 (hot reload). Press Ctrl-C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    vite.kill('SIGTERM');
    stack.stop().then(() => process.exit(0));
  });
}
