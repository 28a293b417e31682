export { DEMO_CLIENT_ID } from './accounts/clients.ts';
export type { EmulatorOptions } from './app.ts';
export { createEmulator } from './app.ts';
export type { Mode } from './context.ts';
export { demoData } from './data/demo.ts';
export type { ArtistRecord, ClientRecord, EmulatorData, ListenerRecord } from './data/types.ts';
