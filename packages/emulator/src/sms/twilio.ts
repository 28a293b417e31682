import { createHmac, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { asRecord } from '../validate.ts';

/** The demo account of the local SMS provider: demo mode and tests use it. */
export const DEMO_SMS = {
  accountSid: 'ACdemo0000000000000000000000000000',
  authToken: 'demo-sms-auth-token-0123456789abcdef',
  from: '+15005550006',
} as const;

/** One text as the provider kept it, in Twilio's Message resource shape. */
export interface SentText {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  from: string;
  to: string;
  body: string;
  dateCreated: string;
}

interface SmsFault {
  /** HTTP status of the error answer. */
  status: number;
  /** Twilio's error code in the body (e.g. 21610 for an unsubscribed recipient). */
  code: number;
  times: number;
}

export interface SmsEmulatorOptions {
  control: boolean;
  now: () => number;
  /** Where replies typed on the inbox page are posted, signed as Twilio signs its webhooks. */
  webhookUrl?: string;
  /** How the webhook is reached (tests pass the server's own fetch). */
  webhookFetch?: typeof fetch;
}

/**
 * X-Twilio-Signature: HMAC-SHA1, keyed with the auth token, over the full URL followed by every POST
 * parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const E164 = /^\+[1-9]\d{6,14}$/;
/** Twilio's default keywords on a long code (its "Advanced Opt-Out" guide). */
const OPT_OUT_KEYWORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const OPT_IN_KEYWORDS = new Set(['START', 'UNSTOP', 'YES']);
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/**
 * A local SMS provider in Twilio's Messages API convention (packages/emulator/README.md, "SMS"):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth and form fields To, From,
 * Body answers 201 with the message; every message is kept; `/inbox` shows them as a phone would.
 */
export function smsRoutes(options: SmsEmulatorOptions) {
  const messages: SentText[] = [];
  /** Numbers that replied STOP: Twilio refuses to text them (error 21610) until START. */
  const stopped = new Set<string>();
  let faults: SmsFault[] = [];
  const app = new Hono();

  const authorised = (header: string | undefined, account: string) => {
    const [scheme, encoded] = (header ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    const [user, password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    return user === DEMO_SMS.accountSid && password === DEMO_SMS.authToken && account === user;
  };

  app.post('/2010-04-01/Accounts/:account/Messages.json', async (c) => {
    if (!authorised(c.req.header('Authorization'), c.req.param('account')))
      return c.json(twilioError(401, 20003, 'Authenticate'), 401);
    const fault = faults[0];
    if (fault) {
      if (fault.times !== -1 && --fault.times <= 0) faults = faults.slice(1);
      return c.json(twilioError(fault.status, fault.code, 'Injected fault'), fault.status as 400);
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const [to, from, body] = [field('To'), field('From'), field('Body')];
    if (!E164.test(to)) return c.json(twilioError(400, 21211, `The 'To' number ${to} is not valid.`), 400);
    if (from !== DEMO_SMS.from)
      return c.json(twilioError(400, 21606, `The From phone number ${from} is not valid.`), 400);
    if (body.length === 0 || body.length > 1600)
      return c.json(twilioError(400, 21602, 'Message body is required.'), 400);
    if (stopped.has(to))
      return c.json(twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'), 400);
    const text: SentText = {
      sid: sid('SM'),
      direction: 'outbound-api',
      from,
      to,
      body,
      dateCreated: new Date(options.now()).toUTCString(),
    };
    messages.push(text);
    return c.json(
      {
        sid: text.sid,
        account_sid: DEMO_SMS.accountSid,
        to,
        from,
        body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: String(Math.ceil(body.length / 160)),
        date_created: text.dateCreated,
        uri: `/2010-04-01/Accounts/${DEMO_SMS.accountSid}/Messages/${text.sid}.json`,
      },
      201,
    );
  });

  /** A reply from a phone: kept, and posted to the webhook, signed. */
  async function reply(from: string, body: string): Promise<number | undefined> {
    const text: SentText = {
      sid: sid('SM'),
      direction: 'inbound',
      from,
      to: DEMO_SMS.from,
      body,
      dateCreated: new Date(options.now()).toUTCString(),
    };
    messages.push(text);
    // Twilio's own filtering reads a message that is only a keyword (trimmed, any case): "Please stop"
    // is passed on to the webhook without blocking anything here.
    const word = body.trim().toUpperCase();
    if (OPT_OUT_KEYWORDS.has(word)) stopped.add(from);
    if (OPT_IN_KEYWORDS.has(word)) stopped.delete(from);
    if (!options.webhookUrl) return undefined;
    const params = {
      AccountSid: DEMO_SMS.accountSid,
      Body: body,
      From: from,
      MessageSid: text.sid,
      NumMedia: '0',
      To: DEMO_SMS.from,
    };
    const res = await (options.webhookFetch ?? fetch)(options.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilioSignature(DEMO_SMS.authToken, options.webhookUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    return res.status;
  }

  // The inbox: what each number received, newest first, with a box to reply (STOP, START).
  app.get('/inbox', (c) => {
    const number = c.req.query('number') ?? '';
    const shown = messages.filter((m) => !number || m.to === number || m.from === number).reverse();
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Texts — local SMS provider</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1rem;background:#111;color:#eee}
li{list-style:none;margin:.5rem 0;padding:.75rem 1rem;border-radius:1rem;background:#2a2a2a}
li.inbound{background:#0b5;color:#000;margin-left:3rem}small{display:block;opacity:.75}
input,button{font:inherit;padding:.5rem;border-radius:.5rem}label{display:block;margin-top:1rem}</style></head>
<body><h1>Texts</h1>
<p>Every text the local SMS provider sent or received${number ? html` for ${number}` : ''}, newest first.</p>
<form method="get"><label for="number">Show one number</label><input id="number" name="number" value="${number}" placeholder="+14155552671"> <button>Show</button></form>
<ul>${shown.length === 0 ? raw('<li>No texts yet.</li>') : shown.map((m) => html`<li class="${m.direction === 'inbound' ? 'inbound' : 'outbound'}"><small>${m.direction === 'inbound' ? `From ${m.from}` : `To ${m.to}`} · ${m.dateCreated}</small>${m.body}</li>`)}</ul>
${
  options.webhookUrl
    ? html`<form method="post" action="inbox/reply"><h2>Reply from a phone</h2>
<label for="from">From</label><input id="from" name="from" value="${number}" required>
<label for="body">Text</label><input id="body" name="body" placeholder="STOP or START" required>
<button>Send</button></form>`
    : ''
}
</body></html>`);
  });
  app.post('/inbox/reply', async (c) => {
    const form = await c.req.parseBody();
    const from = typeof form.from === 'string' ? form.from.trim() : '';
    const body = typeof form.body === 'string' ? form.body.trim() : '';
    if (!E164.test(from) || !body) return c.text('from: an E.164 number; body: the text', 400);
    await reply(from, body);
    return c.redirect(`../inbox?number=${encodeURIComponent(from)}`, 303);
  });

  if (options.control) {
    app.get('/_emulator/messages', (c) => {
      const to = c.req.query('to');
      return c.json({ messages: messages.filter((m) => !to || m.to === to) });
    });
    app.delete('/_emulator/messages', (c) => {
      messages.length = 0;
      stopped.clear();
      return c.body(null, 204);
    });
    app.post('/_emulator/reply', async (c) => {
      const b = asRecord(await c.req.json().catch(() => null));
      if (!b || typeof b.from !== 'string' || !E164.test(b.from) || typeof b.body !== 'string')
        return c.json({ error: 'give { from: E.164, body }' }, 400);
      return c.json({ webhookStatus: (await reply(b.from, b.body)) ?? null });
    });
    app.post('/_emulator/faults', async (c) => {
      const b = asRecord(await c.req.json().catch(() => null));
      const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
      const times = b?.times ?? 1;
      if (!b || !int(b.status) || b.status < 400 || b.status > 599)
        return c.json({ error: 'status must be an HTTP status 400-599' }, 400);
      if (!int(times) || !(times >= 1 || times === -1))
        return c.json({ error: 'times must be >= 1 or -1' }, 400);
      faults.push({ status: b.status, code: int(b.code) ? b.code : 20500, times });
      return c.body(null, 204);
    });
    app.delete('/_emulator/faults', (c) => {
      faults = [];
      return c.body(null, 204);
    });
  }
  return app;
}
