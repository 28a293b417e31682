import { loadConfig } from '../config/app-config.ts';
import { callBackend } from './backend.ts';

/**
 * The address of a 30-second clip of the artist on our own server, or null when none exists. The name
 * travels only in the body of a call to our server; the address holds an opaque id and nothing else
 * (docs/decisions/035-sound-clues.md).
 */
export async function findClip(name: string, signal?: AbortSignal): Promise<string | null> {
  const { clip } = await callBackend('/api/clips', 'clipReply', {
    body: { name },
    ...(signal ? { signal } : {}),
  });
  if (!clip) return null;
  const config = await loadConfig();
  return new URL(`/api/clips/${encodeURIComponent(clip.id)}`, config.backendUrl).href;
}
