import { afterEach, expect, test } from 'vitest';
import { shareStory } from './share-story.ts';

const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const text = "I got my Spotify top 40– what's yours?";
const copied: string[] = [];

/** Gives this jsdom page the browser share and clipboard abilities a phone has. */
function browserWith(share: ((data: ShareData) => Promise<void>) | null, clipboard = true): void {
  Object.defineProperty(navigator, 'canShare', {
    configurable: true,
    value: share ? (data: ShareData) => (data.files?.length ?? 0) > 0 : undefined,
  });
  Object.defineProperty(navigator, 'share', { configurable: true, value: share ?? undefined });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (value: string) => {
        if (!clipboard) throw new DOMException('Denied', 'NotAllowedError');
        copied.push(value);
      },
    },
  });
}

afterEach(() => {
  copied.length = 0;
});

test('where files can be shared, the image goes out as a JPEG file with the text', async () => {
  const sent: ShareData[] = [];
  browserWith(async (data) => {
    sent.push(data);
  });
  expect(await shareStory({ blob, fileName: 'my-top-40.jpg', text })).toBe('shared');
  expect(sent[0]?.text).toBe(text);
  expect(sent[0]?.files?.[0]?.name).toBe('my-top-40.jpg');
  expect(sent[0]?.files?.[0]?.type).toBe('image/jpeg');
  expect(copied).toEqual([]);
});

test('a cancelled share does nothing more', async () => {
  browserWith(async () => {
    throw new DOMException('Cancelled', 'AbortError');
  });
  expect(await shareStory({ blob, fileName: 'a.jpg', text })).toBe('cancelled');
  expect(copied).toEqual([]);
});

test('a failing file share and a browser without file sharing both copy the text and the link', async () => {
  browserWith(async () => {
    throw new DOMException('Not allowed', 'NotAllowedError');
  });
  expect(await shareStory({ blob, fileName: 'a.jpg', text })).toBe('copied');
  browserWith(null);
  expect(await shareStory({ blob, fileName: 'a.jpg', text })).toBe('copied');
  expect(copied).toEqual([`${text} ${window.location.origin}`, `${text} ${window.location.origin}`]);
});

test('when the clipboard fails too, nothing happens', async () => {
  browserWith(null, false);
  expect(await shareStory({ blob, fileName: 'a.jpg', text })).toBe('failed');
});
