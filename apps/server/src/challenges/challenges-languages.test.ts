import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_CHALLENGES } from '@heavy-rotation/contracts/challenges';
import * as replies from '@heavy-rotation/contracts/replies';
import { demoData } from '@heavy-rotation/emulator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

// A challenge link speaks the language of whoever opens it (docs/languages.md, "Which language"): the
// friend's page head and the listener's refusals, never the language of the one who sent the link.

const artists = demoData.artists.slice(0, 40).map((a) => ({ id: a.id, name: a.name, image: null }));
/** The preview image a page's head names (its words are drawn in each language). */
const previewImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];

describe.each(DATABASES)('a challenge link in the visitor’s language on %s', (kind) => {
  let s: TestServer;
  let dist = '';
  let id = '';
  let key = '';

  beforeAll(async () => {
    // The build's shell, and the Portuguese one the prerender writes beside it.
    dist = await mkdtemp(join(tmpdir(), 'hr-challenge-lang-'));
    const shell = new URL('../../../web/index.html', import.meta.url);
    await copyFile(shell, join(dist, 'index.html'));
    await mkdir(join(dist, 'pages', 'pt-BR'), { recursive: true });
    const portuguese = (await readFile(shell, 'utf8')).replace(/<html lang="[^"]*"/, '<html lang="pt-BR"');
    await writeFile(join(dist, 'pages', 'pt-BR', 'shell.html'), portuguese);
    s = await startTestServer(kind, { WEB_DIST: dist, TRUST_PROXY: '1' });
    // Made by a listener whose browser speaks English.
    const made = await s.call('/api/challenges', {
      json: { name: 'Sam', artists },
      headers: { 'Accept-Language': 'en-US' },
    });
    ({ id, key } = await read(made, replies.challengeCreated));
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  test('a friend whose browser speaks Portuguese gets the page, its title and its preview in Portuguese', async () => {
    const page = await s.call(`/c/${id}`, { headers: { 'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.5' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Vary')).toContain('Accept-Language, Cookie');
    expect(page.headers.get('Content-Language')).toBe('pt-BR');
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain('<title>Consegue adivinhar o top 40 de Sam?</title>');
    expect(html).toContain(
      '<meta property="og:description" content="Consegue adivinhar o top 40 de Sam? Adivinhe os artistas que Sam mais ouve, sem precisar entrar."',
    );
    expect(previewImage(html)).toMatch(/^https?:\/\/[^/]+\/challenge-image\.pt-BR\.jpg$/);
  });

  test('the language the friend chose wins over their browser’s, and a build without pages says it too', async () => {
    const page = await s.call(`/c/${id}`, { headers: { 'Accept-Language': 'pt-BR', Cookie: 'hr_lang=ja' } });
    expect(page.headers.get('Content-Language')).toBe('ja');
    const html = await page.text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain('<title>Samさんのトップ40、当てられる？</title>');
    expect(previewImage(html)).toMatch(/\/challenge-image\.ja\.jpg$/);
  });

  test('an ended link says so in French, and with no language the page stays English', async () => {
    const ended = await s.call(`/c/${'x'.repeat(22)}`, { headers: { 'Accept-Language': 'fr-FR' } });
    expect(ended.status).toBe(404);
    const endedHtml = await ended.text();
    expect(endedHtml).toContain('<title>Ce défi est terminé</title>');
    expect(previewImage(endedHtml)).toMatch(/\/challenge-image\.fr\.jpg$/);
    const english = await s.call(`/c/${id}`);
    expect(english.headers.get('Content-Language')).toBe('en');
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<title>Can you guess Sam&#39;s top 40?</title>');
    expect(previewImage(englishHtml)).toMatch(/\/challenge-image\.jpg$/);
  });

  test('the refusals the challenge dialog shows are in the listener’s language', async () => {
    const notYours = await s.call(`/api/challenges/${id}/results`, {
      headers: { 'X-Challenge-Key': `${key.slice(1)}A`, 'Accept-Language': 'de-DE' },
    });
    expect(notYours.status).toBe(403);
    expect(await notYours.json()).toEqual({
      error: 'Dieser Link gehört nicht dir: Du kannst ihn weder ansehen noch beenden',
    });

    const token = await s.token();
    const make = (language: string) =>
      s.call('/api/challenges', {
        token,
        json: { name: null, artists },
        headers: { 'Accept-Language': language },
      });
    for (let i = 0; i < LIVE_CHALLENGES; i++) expect((await make('es-419')).status).toBe(201);
    const refused = await make('es-MX');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: `Tienes ${LIVE_CHALLENGES} enlaces de reto activos: deja de compartir uno para crear otro`,
    });
  });
});
