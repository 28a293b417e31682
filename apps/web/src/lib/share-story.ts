export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * docs/product.md, "The list card and the share view": share the story image as a file where the browser can; otherwise (or when sharing the
 * file fails for any reason but the listener cancelling) copy the text and the app's link. When that
 * fails too, nothing happens: the outcome says so and the caller shows nothing.
 */
export async function shareStory(options: {
  blob: Blob | null;
  fileName: string;
  text: string;
}): Promise<ShareOutcome> {
  const { blob, fileName, text } = options;
  if (blob && typeof navigator.canShare === 'function') {
    const file = new File([blob], fileName, { type: blob.type || 'image/jpeg' });
    if (navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], text });
        return 'shared';
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      }
    }
  }
  try {
    await navigator.clipboard.writeText(`${text} ${window.location.origin}`);
    return 'copied';
  } catch {
    return 'failed';
  }
}
