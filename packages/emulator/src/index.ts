export type { EmulatorOptions } from './app.ts';
export { createEmulator, DEMO_CLIENT_ID } from './app.ts';
export type { EmulatorData } from './data/demo.ts';
