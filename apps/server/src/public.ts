// The package's public entry (`@heavy-rotation/server`): what tests, benchmarks and scripts may build the
// server from. The server process itself starts from src/index.ts.
export { createApp, type ServerApp } from './app.ts';
export { type Database, type DatabaseOptions, openDatabase } from './db/client.ts';
export { type AppDeps, createDeps } from './deps.ts';
export { type Env, readEnv } from './env.ts';
export { type Counters, countersFromEnv } from './http/counters.ts';
