import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/keys.ts';
import { findClip } from '../../lib/clips.ts';
import styles from './clip-player.module.css';

/** The first tap plays this much; the second, the whole preview (docs/product.md, "Sound clues"). */
const SHORT_CLIP_SECONDS = 5;

type ClipState = 'idle' | 'loading' | 'short' | 'heard-short' | 'full' | 'ended' | 'none' | 'failed';

// Ids, read when drawn: the catalog loads after this module.
const ANNOUNCE: Record<ClipState, MessageId | null> = {
  idle: null,
  loading: 'common.clip.loadingAnnounce',
  short: 'common.clip.playingShort',
  'heard-short': 'common.clip.paused',
  full: 'common.clip.playingFull',
  ended: 'common.clip.finished',
  none: 'common.clip.none',
  failed: 'common.clip.failed',
};

const LABEL: Record<ClipState, MessageId> = {
  idle: 'common.clip.play',
  loading: 'common.clip.loading',
  short: 'common.clip.stop',
  'heard-short': 'common.clip.playFull',
  full: 'common.clip.stop',
  ended: 'common.clip.playAgain',
  none: 'common.clip.play',
  failed: 'common.clip.retry',
};

/**
 * "Play a clip": a few seconds of one of the artist's top tracks on the first tap, the whole preview on the
 * second, from our own server. Nothing plays without a tap, and the state is announced. The artist's name
 * is only sent to our server to find the clip; it is never drawn.
 */
export function ClipPlayer({ name }: { name: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<ClipState>('idle');
  const [src, setSrc] = useState<string | null>(null);
  const mode = useRef<'short' | 'full'>('short');

  // Leaving stops the sound. A new artist is a new player: its parent keys it by the name.
  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, []);

  const play = async (next: 'short' | 'full', url: string) => {
    const element = audio.current;
    if (!element) return;
    mode.current = next;
    if (element.getAttribute('src') !== url) element.src = url;
    element.currentTime = 0;
    setState(next);
    try {
      await element.play();
    } catch (error) {
      // A pause before playback began aborts play(): not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setState('failed');
    }
  };

  const onTap = async () => {
    const element = audio.current;
    if (!element) return;
    if (state === 'short' || state === 'full') {
      element.pause();
      setState(state === 'short' ? 'heard-short' : 'ended');
      return;
    }
    if (state === 'loading' || state === 'none') return;
    if (src) {
      await play(state === 'heard-short' ? 'full' : 'short', src);
      return;
    }
    setState('loading');
    try {
      const found = await findClip(name);
      if (!found) {
        setState('none');
        return;
      }
      setSrc(found);
      await play('short', found);
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={styles.player}>
      {state === 'none' ? null : (
        <button
          type="button"
          className={
            state === 'short' || state === 'full' ? `${styles.button} ${styles.playing}` : styles.button
          }
          onClick={onTap}
          aria-disabled={state === 'loading'}
        >
          <span aria-hidden="true" className={styles.icon}>
            {state === 'short' || state === 'full' ? '■' : '▶'}
          </span>
          {t(LABEL[state])}
        </button>
      )}
      <p className={state === 'none' ? styles.none : styles.status} role="status">
        {ANNOUNCE[state] === null ? '' : t(ANNOUNCE[state], { seconds: SHORT_CLIP_SECONDS })}
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: a wordless musical clue; its state is announced above. */}
      <audio
        ref={audio}
        preload="none"
        onTimeUpdate={(event) => {
          if (mode.current === 'short' && event.currentTarget.currentTime >= SHORT_CLIP_SECONDS) {
            event.currentTarget.pause();
            setState('heard-short');
          }
        }}
        onEnded={() => setState('ended')}
        onError={() => src && setState('failed')}
      />
    </div>
  );
}
