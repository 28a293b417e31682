import { beforeEach, expect, test } from 'vitest';
import { forgetAnnouncement, latestTokens } from './tab-handover.ts';

const otherTab = new BroadcastChannel('heavy-rotation:tokens');

async function announceFromOtherTab(tokens: object): Promise<void> {
  const received = new Promise<void>((resolve) => {
    const listener = new BroadcastChannel('heavy-rotation:tokens');
    listener.onmessage = () => {
      listener.close();
      resolve();
    };
  });
  otherTab.postMessage(tokens);
  await received;
}

beforeEach(() => {
  localStorage.clear();
  forgetAnnouncement();
});

test('tokens another tab just announced win over a storage view that lags behind', async () => {
  localStorage.setItem('spotify_access_token', 'old-access');
  localStorage.setItem('spotify_refresh_token', 'old-refresh');
  localStorage.setItem('spotify_token_expiry', '1000');
  await announceFromOtherTab({ accessToken: 'new-access', refreshToken: 'new-refresh', expiresAt: 5000 });
  expect(latestTokens()).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh', expiresAt: 5000 });
  expect(localStorage.getItem('spotify_refresh_token')).toBe('new-refresh');
});

test('an announcement never signs a signed-out tab back in', async () => {
  await announceFromOtherTab({ accessToken: 'new-access', refreshToken: 'new-refresh', expiresAt: 5000 });
  expect(latestTokens().accessToken).toBeNull();
  expect(localStorage.getItem('spotify_access_token')).toBeNull();
});
