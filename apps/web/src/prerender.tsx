import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/router.tsx';
import { type AppConfig, provideConfig } from './config/app-config.ts';

/**
 * The build's prerender (scripts/prerender.ts, docs/architecture.md "The first frame"): the HTML of a
 * screen as the browser's first render makes it with `config`, the same tree as boot/main.tsx, so React
 * hydrates it without a difference. Lazy screens are waited for.
 */
export async function renderScreen(path: string, config: AppConfig): Promise<string> {
  provideConfig(config);
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(<App router={router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
