// Run by cluster-load.ts in a process of its own, so the load generator's timing is its own and not
// shaped by what the bench ran before in its process (a heap grown by the browser parts and the
// server's load test made it a third slower per call, and the steps' p99 with it): reads the web app's
// calls as JSON from the file at argv[2] and writes the figures as JSON to the file at argv[3].
import { readFile, writeFile } from 'node:fs/promises';
import type { BrowserCall, CallName } from './browser-calls.ts';
import { measureClusterLoad } from './cluster-load.ts';

const [input = '', output = ''] = process.argv.slice(2);
const calls = new Map(JSON.parse(await readFile(input, 'utf8')) as [CallName, BrowserCall][]);
await writeFile(output, JSON.stringify(await measureClusterLoad(calls)));
