import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/router.tsx';
import { type AppConfig, provideConfig } from './config/app-config.ts';
import { type CatalogLanguage, loadLanguage, t } from './i18n/i18n.ts';

/**
 * The build's prerender (scripts/prerender.ts, docs/architecture.md "The first frame"): the HTML of a
 * screen as the browser's first render makes it with `config`, the same tree as boot/main.tsx, so React
 * hydrates it without a difference. Lazy screens are waited for.
 */
export async function renderScreen(
  path: string,
  config: AppConfig,
  language: CatalogLanguage,
): Promise<string> {
  provideConfig(config);
  await loadLanguage(language);
  const [ssrPath, ssrSearch = ''] = path.split('?');
  const router = ({ children }: { children: ReactNode }) => (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      {children}
    </Router>
  );
  const { prelude } = await prerenderToNodeStream(<App router={router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** A page's title and descriptions in a language, for its head (scripts/prerender.ts). */
export async function pageTexts(
  language: CatalogLanguage,
): Promise<{ title: string; description: string; shareDescription: string }> {
  await loadLanguage(language);
  return {
    title: t('page.title'),
    description: t('page.description'),
    shareDescription: t('page.shareDescription'),
  };
}
