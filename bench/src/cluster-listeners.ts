import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData, type EmulatorData } from '@heavy-rotation/emulator';
import { until } from '../../cluster/start.ts';
import { freePort, ROOT } from '../../scripts/stack.ts';
import type { BrowserCall, CallName } from './browser-calls.ts';
import { type Call, pooled, send, type Target, withBody } from './load-generator.ts';

/**
 * The cluster run's listeners (bench/README.md, "Cluster"): each a Spotify listener of their own and a
 * ListenBrainz one, signed in from their own address, a few to an address (a home, a phone network's
 * shared address), so the per-listener and per-address limits count them as the world's would be.
 */

export interface Listener {
  agent: Agent;
  token: string;
  cookie: string;
}

/** A Spotify emulator whose catalogue holds the run's listeners (the cluster's own knows four). */
export interface Crowd {
  /** Where the instances ask about tokens and ListenBrainz accounts: added to their environment. */
  env: Record<string, string>;
  url: string;
  stop(): void;
}

const brainzToken = (i: number) => `bench-listenbrainz-token-${String(i).padStart(16, '0')}`;

export async function startCrowd(listeners: number): Promise<Crowd> {
  const ids = demoData.artists.map((a) => a.id);
  const top = (i: number) => ids.slice(i % (ids.length - 50), (i % (ids.length - 50)) + 50);
  const data: EmulatorData = {
    artists: demoData.artists,
    listeners: Array.from({ length: listeners }, (_, i) => ({
      id: `bench-listener-${i}`,
      display_name: `Bench Listener ${i}`,
      top_artists: top(i),
    })),
    listenbrainz: Array.from({ length: listeners }, (_, i) => ({
      name: `bench-brainz-${i}`,
      token: brainzToken(i),
      top_artists: top(i + 7),
      this_month: 25,
    })),
  };
  const dir = mkdtempSync(join(tmpdir(), 'hr-bench-crowd-'));
  writeFileSync(join(dir, 'data.json'), JSON.stringify(data));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--import', 'tsx', 'packages/emulator/src/serve.ts', '--port', String(port)];
  const child: ChildProcess = spawn(process.execPath, [...args, '--data', join(dir, 'data.json')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH },
    stdio: 'ignore',
  });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(
      "the listeners' emulator",
      async () => child.exitCode !== null || (await fetch(`${url}/healthz`)).ok,
    );
    if (child.exitCode !== null) throw new Error(`the listeners' emulator exited with ${child.exitCode}`);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    url,
    env: {
      EMULATOR_URL: url,
    },
    stop,
  };
}

/**
 * `count` listeners on the addresses of `agents` (listener i on agent i mod their number), each with a
 * fresh access token and a ListenBrainz session cookie from the server's own sign-in, made from their
 * address.
 */
export function signInListeners(
  crowd: Crowd,
  proxy: Target & { origin: string; anonKey: string },
  agents: Agent[],
  count: number,
): Promise<Listener[]> {
  return pooled([...Array(count).keys()], 32, async (i): Promise<Listener> => {
    const res = await fetch(`${crowd.url}/_emulator/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ listenerId: `bench-listener-${i}`, expiresIn: 3600 }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const agent = agents[i % agents.length] as Agent;
    const signIn = await send(agent, proxy, {
      name: 'sign-in',
      method: 'POST',
      path: '/auth/listenbrainz/session',
      ...withBody(
        { apikey: proxy.anonKey, 'content-type': 'application/json', origin: proxy.origin },
        JSON.stringify({ token: brainzToken(i) }),
      ),
      expected: [200],
    });
    const cookie = signIn.setCookie.map((c) => /hr_session=[^;]+/.exec(c)?.[0]).find(Boolean);
    if (!res.ok || signIn.status !== 200 || !cookie)
      throw new Error(
        `listener ${i}: token ${res.status}, ListenBrainz sign-in ${signIn.error ?? signIn.status}`,
      );
    return { agent, token, cookie };
  });
}

/** A browser call's headers for another origin, without its listener's token and cookie. */
function shaped(call: BrowserCall, origin: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (name === 'cookie' || name === 'authorization') continue;
    headers[name] =
      name === 'origin' ? origin : name === 'referer' ? new URL(new URL(value).pathname, origin).href : value;
  }
  return headers;
}

/** A call of a session; `who` says which of the listener's credentials it carries. */
type Template = Call & { who: 'bearer' | 'cookie' | 'none' };

/**
 * A listener's whole session as the web app makes it: the configuration, the flags, the welcome, four
 * batches of ten success lines, the profile, an event, and the top artists of a cookie source.
 */
export function sessionTemplate(calls: Map<CallName, BrowserCall>, origin: string): Template[] {
  const get = (name: CallName) => {
    const call = calls.get(name);
    if (!call) throw new Error(`the web app made no ${name} call`);
    return call;
  };
  const out: Template[] = [];
  const add = (name: string, call: BrowserCall, who: Template['who'], body?: string, ok = [200]) =>
    out.push({
      name,
      method: call.method,
      path: call.path,
      ...withBody(shaped(call, origin), body),
      expected: ok,
      who,
    });
  const flags = get('flags');
  add('config', { ...flags, path: '/app-config.json' }, 'none');
  add('flags', flags, 'none');
  add('welcome', get('welcome'), 'bearer', get('welcome').body);
  const success = get('success lines');
  const names = (JSON.parse(success.body ?? '{}') as { artistNames?: string[] }).artistNames ?? [];
  // Four batches of ten, as the quiz asks for them; each batch its own names.
  for (let batch = 0; batch < 4; batch++)
    add(
      'success lines',
      success,
      'bearer',
      JSON.stringify({ artistNames: names.map((n) => `${n} ${batch}`) }),
    );
  add('profile', get('profile'), 'bearer', undefined, [200, 406]);
  add('events', get('events'), 'none', get('events').body, [200, 202, 204]);
  add('top artists (cookie)', get('top artists (cookie)'), 'cookie');
  return out;
}

/** The template's calls with this listener's token and cookie. */
export function sessionOf(template: Template[], listener: Listener): Call[] {
  const bearer = `Bearer ${listener.token}`;
  return template.map((call) =>
    call.who === 'none'
      ? call
      : {
          ...call,
          headers: {
            ...call.headers,
            ...(call.who === 'bearer' ? { authorization: bearer } : { cookie: listener.cookie }),
          },
        },
  );
}
