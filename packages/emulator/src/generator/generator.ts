import { Hono } from 'hono';
import { asRecord } from '../validate.ts';

/** One chat call as the generator received it: the data the product sent, never any key. */
interface GeneratorCall {
  model: string;
  task: string;
  data: unknown;
}

interface GeneratorFault {
  status: number;
  /** Calls left; -1 = until cleared. */
  times: number;
}

interface ChatBody {
  model?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
}

function record(value: unknown): Record<string, unknown> {
  return asRecord(value) ?? {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The words of an answer in one language, so a test can see which language the product asked for. */
interface Words {
  you: string;
  greeting: (names: string) => string;
  reflection: (count: number) => string;
  teaser: string;
  line: (name: string) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    you: 'you',
    greeting: (names) => `Generated welcome for ${names}.`,
    reflection: (count) => `Generated: ${count} artists in your month.`,
    teaser: 'Generated: guess the rest of your list.',
    line: (name) => `Generated for ${name}.`,
  },
  'es-419': {
    you: 'ti',
    greeting: (names) => `Bienvenida generada para ${names}.`,
    reflection: (count) => `Generado: ${count} artistas en tu mes.`,
    teaser: 'Generado: adivina el resto de tu lista.',
    line: (name) => `Generado para ${name}.`,
  },
  'pt-BR': {
    you: 'você',
    greeting: (names) => `Boas-vindas geradas para ${names}.`,
    reflection: (count) => `Gerado: ${count} artistas no seu mês.`,
    teaser: 'Gerado: adivinhe o resto da sua lista.',
    line: (name) => `Gerado para ${name}.`,
  },
  fr: {
    you: 'toi',
    greeting: (names) => `Accueil généré pour ${names}.`,
    reflection: (count) => `Généré : ${count} artistes dans ton mois.`,
    teaser: 'Généré : devine le reste de ta liste.',
    line: (name) => `Généré pour ${name}.`,
  },
  de: {
    you: 'dich',
    greeting: (names) => `Generierte Begrüßung für ${names}.`,
    reflection: (count) => `Generiert: ${count} Künstler in deinem Monat.`,
    teaser: 'Generiert: Errate den Rest deiner Liste.',
    line: (name) => `Generiert für ${name}.`,
  },
  ja: {
    you: 'あなた',
    greeting: (names) => `${names}への生成ウェルカム。`,
    reflection: (count) => `生成：今月のアーティストは${count}組。`,
    teaser: '生成：残りのリストを当ててみよう。',
    line: (name) => `${name}への生成メッセージ。`,
  },
};

/**
 * The language the task asks for, as a model reads "Write every line in German (de)" in it; English when
 * it names none.
 */
function wordsOf(task: string): Words {
  const tag = /Write every line in [^(]*\(([\w-]+)\)/.exec(task)?.[1];
  return (tag && WORDS[tag]) || (WORDS.en as Words);
}

/**
 * The answer a real model would give, made from the data and the asked language alone so tests can
 * predict it: a welcome for `{ listSize, unlocked }`, success lines for `{ artists }`.
 */
function answer(task: string, data: unknown): unknown {
  const d = record(data);
  const words = wordsOf(task);
  if ('listSize' in d) {
    const names = strings(d.unlocked);
    return {
      greeting: words.greeting(names.length > 0 ? names.join(', ') : words.you),
      reflection: words.reflection(Number(d.listSize)),
      teaser: words.teaser,
    };
  }
  return {
    results: strings(d.artists).map((artistName) => ({ artistName, message: words.line(artistName) })),
  };
}

/**
 * A local OpenAI-compatible chat endpoint (`POST /v1/chat/completions`, JSON mode) for demo and tests, with
 * controls under `/_generator` when `control` is on: `GET /calls` (what the product sent), `DELETE /calls`,
 * `POST /faults { status, times? }`, `DELETE /faults`.
 */
export function generatorRoutes(options: { control: boolean }) {
  const calls: GeneratorCall[] = [];
  let faults: GeneratorFault[] = [];
  const app = new Hono();

  app.post('/v1/chat/completions', async (c) => {
    let body: ChatBody;
    try {
      const raw = record(await c.req.json());
      body = {
        model: raw.model,
        messages: Array.isArray(raw.messages) ? raw.messages.map((m) => record(m)) : undefined,
      };
    } catch {
      return c.json({ error: { message: 'body must be JSON', type: 'invalid_request_error' } }, 400);
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const system = messages.find((m) => m.role === 'system')?.content;
    const user = messages.find((m) => m.role === 'user')?.content;
    if (typeof user !== 'string')
      return c.json(
        { error: { message: 'messages needs a user message', type: 'invalid_request_error' } },
        400,
      );
    let data: unknown;
    try {
      data = JSON.parse(user);
    } catch {
      data = user;
    }
    const task = typeof system === 'string' ? system : '';
    calls.push({ model: String(body.model ?? ''), task, data });
    const fault = faults[0];
    if (fault) {
      if (fault.times > 0 && --fault.times === 0) faults = faults.slice(1);
      return c.json({ error: { message: 'Injected fault', type: 'server_error' } }, fault.status as 500);
    }
    return c.json({
      id: `chatcmpl-${calls.length}`,
      object: 'chat.completion',
      model: String(body.model ?? 'emulated'),
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: JSON.stringify(answer(task, data)) },
        },
      ],
    });
  });

  if (options.control) {
    app.get('/_generator/calls', (c) => c.json({ calls }));
    app.delete('/_generator/calls', (c) => {
      calls.length = 0;
      return c.body(null, 204);
    });
    app.post('/_generator/faults', async (c) => {
      const b = record(await c.req.json().catch(() => null));
      const status = b.status;
      const times = b.times ?? 1;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
        return c.json({ error: 'status must be an integer 400-599' }, 400);
      if (typeof times !== 'number' || !(times === -1 || (Number.isInteger(times) && times >= 1)))
        return c.json({ error: 'times must be >= 1 or -1' }, 400);
      faults.push({ status, times });
      return c.json({ faults }, 201);
    });
    app.delete('/_generator/faults', (c) => {
      faults = [];
      return c.body(null, 204);
    });
  }
  return app;
}
