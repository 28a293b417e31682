import { buildServerIfStale, buildWebIfStale } from './build-web.ts';
import { DEMO_ADMIN_TOKEN, startStack } from './stack.ts';

buildWebIfStale();
buildServerIfStale();
const stack = await startStack({ verbose: true });
console.log(`\nHeavy Rotation is running: open ${stack.url}`);
if (stack.emulatorUrl)
  console.log(`Demo mode: sign in through the local Spotify emulator at ${stack.emulatorUrl}`);
if (stack.emulatorUrl) console.log(`Texts the product sends (codes): ${stack.emulatorUrl}/twilio/inbox`);
if (stack.emulatorUrl)
  console.log(
    `Operator console: ${stack.url}/admin (token ${process.env.ADMIN_TOKEN ? 'from ADMIN_TOKEN' : DEMO_ADMIN_TOKEN})`,
  );
console.log('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stack.stop().then(() => process.exit(0));
  });
}
