import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { GlobalErrorBoundary } from './app/shell/global-error-boundary.tsx';
import { getAccessToken, refreshAfterUnauthorized } from './features/auth/session.ts';
import { provideTokenSource } from './lib/token-source.ts';
import { reloadOnceWhenChunksGoMissing } from './pwa/chunk-reload.ts';
import { registerServiceWorker } from './pwa/register.ts';
import './styles/global.css';

provideTokenSource({ getAccessToken, refreshAfterUnauthorized });
registerServiceWorker();
reloadOnceWhenChunksGoMissing();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GlobalErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </GlobalErrorBoundary>
    </StrictMode>,
  );
}
