import { CONSENTS } from '@heavy-rotation/contracts';
import { type ClipHome, clipHome, demoData } from '@heavy-rotation/emulator';
import type { TestServer } from './harness.ts';

// What suites of several domains do as a caller would, next to the server they start (`./harness.ts`).

/** The value of the cookie `name` an answer sets. */
export function cookieOf(res: Response, name: string): string | undefined {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line?.split(';')[0]?.slice(name.length + 1) || undefined;
}

/** Every way an answer could name `name`: its body (as UTF-8 and Latin-1) and its headers. */
export async function namesIn(res: Response, name: string): Promise<string[]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const needle = name.toLowerCase();
  const found = ['utf-8', 'latin1'].filter((code) =>
    new TextDecoder(code).decode(bytes).toLowerCase().includes(needle),
  );
  for (const [header, value] of res.headers) {
    if (decodeURIComponent(value).toLowerCase().includes(needle)) found.push(`header ${header}`);
  }
  return found;
}

/** Saves a number as the web app does: subscribe, then send back the code texted to it. */
export async function savePhone(s: TestServer, token: string, id: string, phone: string) {
  const json = { spotifyUserId: id, phone, consentVersion: CONSENTS.en.version };
  const subscribed = await s.call('/functions/v1/sms-subscribe', { token, json });
  if (subscribed.status !== 200) return subscribed;
  const to = `+${phone.replace(/\D/g, '')}`;
  const texts = await s.emulator.request(`/twilio/_emulator/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await texts.json()) as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1] ?? '';
  return s.call('/functions/v1/sms-confirm', { token, json: { code } });
}

/** Signs in through the local Last.fm as `name`: the start's answer and the callback's. */
export async function lastfmSignIn(s: TestServer, name: string) {
  const start = await s.app.request('/auth/lastfm/start');
  const cb = new URL(start.headers.get('Location') ?? '').searchParams.get('cb') ?? '';
  const approve = await s.emulator.request('/lastfm/api/auth/', {
    method: 'POST',
    body: new URLSearchParams({ cb, name }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const back = new URL(approve.headers.get('Location') ?? '');
  const state = start.headers.getSetCookie().map((line) => line.split(';')[0]);
  const done = await s.app.request(`${back.pathname}${back.search}`, {
    headers: { Cookie: state.join('; ') },
  });
  return { start, done };
}

/** The `i`-th demo artist whose clip is at `home`: the emulated Deezer, only iTunes, or nowhere. */
export function clipArtist(home: ClipHome, i = 0) {
  const found = demoData.artists.filter((a) => clipHome(a.name) === home)[i];
  if (!found) throw new Error('demo data lacks a case');
  return found;
}

/** How many times the emulated clip services were called, by service. */
export async function clipCalls(s: TestServer): Promise<Record<string, number>> {
  return (await (await s.control('/clips/_control/calls', undefined, 'GET')).json()) as Record<
    string,
    number
  >;
}
