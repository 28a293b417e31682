import { useEffect, useRef, useState } from 'react';
import { findClip } from '../../lib/clips.ts';
import styles from './clip-player.module.css';

/** The first tap plays this much; the second, the whole preview (docs/product.md, "Sound clues"). */
const SHORT_CLIP_SECONDS = 5;

type ClipState = 'idle' | 'loading' | 'short' | 'heard-short' | 'full' | 'ended' | 'none' | 'failed';

const ANNOUNCE: Record<ClipState, string> = {
  idle: '',
  loading: 'Loading the clip…',
  short: `Playing ${SHORT_CLIP_SECONDS} seconds of the clip`,
  'heard-short': 'Clip paused. Tap again for the full 30 seconds.',
  full: 'Playing the full clip',
  ended: 'Clip finished',
  none: 'No clip for this one',
  failed: "The clip couldn't load. Try again.",
};

const LABEL: Record<ClipState, string> = {
  idle: 'Play a clip',
  loading: 'Loading clip…',
  short: 'Stop the clip',
  'heard-short': 'Play the full 30 s',
  full: 'Stop the clip',
  ended: 'Play it again',
  none: 'Play a clip',
  failed: 'Try the clip again',
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
          {LABEL[state]}
        </button>
      )}
      <p className={state === 'none' ? styles.none : styles.status} role="status">
        {ANNOUNCE[state]}
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
