/**
 * How long one call to an outside source (Last.fm, ListenBrainz, the image and clip sources) may take
 * before it counts as failed: long enough for a slow answer, short enough that a listener's request is
 * not held by it (docs/architecture.md, "Pacing outside services").
 */
export const SOURCE_TIMEOUT_MS = 8000;
