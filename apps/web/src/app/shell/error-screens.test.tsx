import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { ConfigError } from '../../config/validate-config.ts';
import { loadLanguage } from '../../i18n/i18n.ts';
import { BackendError } from '../../lib/backend.ts';
import { ErrorScreen } from './error-screens.tsx';

afterEach(async () => {
  cleanup();
  await loadLanguage('en');
});

test("the app's error screen speaks the listener's language, and words a server's failure by its code", async () => {
  await loadLanguage('fr');
  const down = new BackendError(
    'unavailable',
    503,
    'The service is briefly unavailable',
    null,
    'unavailable',
  );
  render(<ErrorScreen error={down} whole />);
  expect(screen.getByRole('heading', { name: 'Un problème est survenu' })).toBeTruthy();
  expect(screen.getByText('Le service est brièvement indisponible. Réessaie dans un instant.')).toBeTruthy();
  expect(screen.getByText("Pas d'inquiétude, ta progression est enregistrée.")).toBeTruthy();
  expect(screen.getByRole('button', { name: "Recharger l'app" })).toBeTruthy();
});

test("a missing configuration shows its details as they are, around the listener's words", async () => {
  await loadLanguage('ja');
  render(<ErrorScreen error={new ConfigError('Spotify Client ID is required')} whole={false} />);
  expect(screen.getByRole('heading', { name: '設定エラー' })).toBeTruthy();
  expect(screen.getByText('Environment configuration error: Spotify Client ID is required')).toBeTruthy();
});
