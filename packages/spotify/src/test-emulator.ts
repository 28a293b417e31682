// Test support (not exported): an in-process emulator, a client pointed at it, and a record of
// exactly what the client put on the wire, so tests can check method, path, query and body.
import { createEmulator } from '@heavy-rotation/emulator';
import { createClient } from './client.ts';
import type { ClientOptions } from './options.ts';

export const ORIGIN = 'http://emulator.test';

interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | null;
  authorization: string | null;
  text: string;
  body: unknown;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text || undefined;
  }
};

export async function setup(listenerId = 'demo-listener', options: Partial<ClientOptions> = {}) {
  const emulator = createEmulator();
  const sent: SentRequest[] = [];
  const fetch = async (input: URL | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      path: url.pathname.replace(/^\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
      contentType: request.headers.get('Content-Type'),
      authorization: request.headers.get('Authorization'),
      text,
      body: parse(text),
    });
    // Like a network fetch, give up as soon as the signal aborts (the in-process app cannot).
    const { signal } = request;
    signal.throwIfAborted();
    return Promise.race([
      emulator.fetch(request),
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    ]);
  };
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await emulator.fetch(
      new Request(ORIGIN + path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
    return res.status === 204 ? undefined : res.json();
  };
  const tokens = (await control('POST', '/_emulator/tokens', { listenerId })) as {
    access_token: string;
    refresh_token: string;
  };
  let accessToken = tokens.access_token;
  const client = createClient({
    baseUrl: `${ORIGIN}/v1`,
    fetch,
    getAccessToken: () => accessToken,
    retry: { delayMs: 1 },
    ...options,
  });
  return {
    emulator,
    client,
    tokens,
    fetch,
    sent,
    control,
    /** The last call the client sent. */
    last: () => sent[sent.length - 1] as SentRequest,
    setAccessToken: (token: string) => {
      accessToken = token;
    },
    /** Makes the next `times` matching calls fail as the contract's fault control describes. */
    fault: (fault: Record<string, unknown>) => control('POST', '/_emulator/faults', fault),
  };
}
