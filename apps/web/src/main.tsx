import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { GlobalErrorBoundary } from './app/shell/global-error-boundary.tsx';
import { getAccessToken, refreshAfterUnauthorized } from './features/auth/session.ts';
import { provideTokenSource } from './lib/token-source.ts';
import './styles/global.css';

provideTokenSource({ getAccessToken, refreshAfterUnauthorized });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GlobalErrorBoundary>
        <RouterProvider router={router} />
      </GlobalErrorBoundary>
    </StrictMode>,
  );
}
