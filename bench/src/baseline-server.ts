// The load test's yardstick: a bare Hono app on @hono/node-server, in its own process as the real
// server is, answering a small JSON body like /api/flags does.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ ok: true }));

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be a port number');
serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => console.log('ready'));
