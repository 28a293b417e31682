export { DEMO_CLIENT_ID } from './accounts/clients.ts';
export type { EmulatorOptions } from './app.ts';
export { createEmulator } from './app.ts';
export type { Mode } from './context.ts';
export { demoData } from './data/demo.ts';
export type { ArtistRecord, ClientRecord, EmulatorData, ListenerRecord } from './data/types.ts';
export type { LastfmListener, ListenbrainzListener, SourceData } from './sources/data.ts';
export { demoSources } from './sources/data.ts';
export { DEMO_LASTFM, lastfmSignature } from './sources/lastfm.ts';
