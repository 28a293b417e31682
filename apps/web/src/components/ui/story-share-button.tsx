import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n.ts';
import { firstTime, track } from '../../lib/analytics.ts';
import { shareStory } from '../../lib/share-story.ts';
import styles from './story-share-button.module.css';

const COPIED_MS = 2000;

export interface StoryShareButtonProps {
  /** Draws the story image; called once, as soon as the button shows. */
  render: () => Promise<Blob>;
  fileName: string;
  text: string;
}

/**
 * 'Share': the story image as a file where the browser shares files, else the text and link copied
 * ('Copied!' for 2 s). The image is drawn ahead, so sharing stays inside the tap's user activation;
 * 'Save image' downloads the same JPEG.
 */
export function StoryShareButton({ render, fileName, text }: StoryShareButtonProps) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [href, setHref] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const renderRef = useRef(render);
  const pending = useRef<Promise<Blob | null> | null>(null);

  useEffect(() => {
    let alive = true;
    let url: string | null = null;
    const job = renderRef.current().then(
      (b) => b,
      () => {
        console.warn('The story image could not be drawn');
        return null;
      },
    );
    pending.current = job;
    job.then((b) => {
      if (!alive || !b) return;
      url = URL.createObjectURL(b);
      setBlob(b);
      setHref(url);
    });
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const image = blob ?? (await pending.current);
    const outcome = await shareStory({ blob: image ?? null, fileName, text });
    if (outcome === 'copied') setCopied(true);
    if (outcome === 'shared' || outcome === 'copied') track({ name: 'share', first: firstTime('share') });
  };

  return (
    <div className={styles.wrap}>
      <button type="button" className={styles.share} onClick={share} aria-live="polite">
        {copied ? t('common.copied') : t('common.share')}
      </button>
      {href && blob ? (
        <a
          className={styles.save}
          href={href}
          download={fileName}
          data-size={blob.size}
          data-type={blob.type}
        >
          {t('common.saveImage')}
        </a>
      ) : null}
    </div>
  );
}
