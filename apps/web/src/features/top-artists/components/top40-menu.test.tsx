import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { Top40Menu } from './top40-menu.tsx';

afterEach(cleanup);

const noop = () => undefined;

function renderMenu() {
  render(
    <Top40Menu onHelp={noop} onShare={noop} onChallenge={noop} onReset={noop} onLogout={noop} defaultOpen />,
  );
}

test('the menu lists the six languages by their own names, the active one checked', () => {
  renderMenu();
  const group = screen.getByRole('group', { name: 'Language' });
  const choices = screen.getAllByRole('menuitemradio');
  expect(choices.map((c) => c.textContent)).toEqual([
    'English✓',
    'Español',
    'Português (Brasil)',
    'Français',
    'Deutsch',
    '日本語',
  ]);
  expect(choices.every((c) => group.contains(c))).toBe(true);
  expect(screen.getByRole('menuitemradio', { checked: true }).getAttribute('lang')).toBe('en');
  expect(screen.getByRole('menuitemradio', { name: '日本語' }).getAttribute('lang')).toBe('ja');
});

test('the languages are reached by keyboard, after the other choices', async () => {
  renderMenu();
  const user = userEvent.setup();
  // Focus starts on the menu; the arrow keys walk its items in order.
  for (let i = 0; i < 4; i++) await user.keyboard('{ArrowDown}');
  expect(document.activeElement?.textContent).toBe('English✓');
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Español' }));
  // Choosing the language already on screen keeps the page (no reload).
  await user.keyboard('{ArrowUp}{Enter}');
  expect(screen.queryByRole('menu')).toBeNull();
});
