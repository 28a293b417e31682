import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { GlobalErrorBoundary } from './app/shell/global-error-boundary.tsx';
import { type AppConfig, provideConfig } from './config/app-config.ts';

/**
 * The build's prerender (scripts/prerender.ts, docs/architecture.md "The first frame"): the HTML of a
 * screen as the browser's first render makes it with `config`, the same tree as main.tsx, so React
 * hydrates it without a difference. Lazy screens are waited for.
 */
export async function renderScreen(path: string, config: AppConfig): Promise<string> {
  provideConfig(config);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <GlobalErrorBoundary>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </GlobalErrorBoundary>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
