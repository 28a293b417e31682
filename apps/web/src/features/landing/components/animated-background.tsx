import { useEffect, useRef } from 'react';
import { COLOURS, flight, keptInside, LOGO_WIDTH, type Mover, startMover } from '../bounce.ts';
import styles from './landing.module.css';

const WORDMARK = '/wordmark.svg';

const at = (m: Pick<Mover, 'x' | 'y'>) => `translate(${m.x}px, ${m.y}px)`;

/**
 * The login and signup background: the wordmark drifting and bouncing in cycling colours
 * (docs/product.md, "The landing screens"). It starts after `startDelayMs`, stands still under reduced
 * motion and pauses while the tab is hidden. The wordmark is an element of its own size, coloured
 * through the wordmark as its mask, and each straight flight between two walls is one animation of its
 * position, which the browser's compositor runs: the page's main thread works once per bounce, to set
 * the next colour, not once per frame, and never draws the wordmark itself (docs/architecture.md, "The
 * first frame").
 */
export function AnimatedBackground({ startDelayMs }: { startDelayMs: number }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wordmark = ref.current;
    if (!wordmark) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const logo = new Image();
    let logoHeight = 0;
    let mover: Mover | undefined;
    let animation: Animation | undefined;
    let stopped = false;

    /** Where the wordmark is now: along the running flight, or where the last one ended. */
    const current = (): Mover | undefined => {
      if (!mover || !animation) return mover;
      const seconds = Number(animation.currentTime ?? 0) / 1000;
      return { ...mover, x: mover.x + mover.dx * seconds, y: mover.y + mover.dy * seconds };
    };
    const fly = () => {
      animation?.cancel();
      animation = undefined;
      if (!mover) return;
      // The screen's size is read before anything is written: a read after a write makes the browser
      // lay the page out at once, inside this task.
      const next = still ? undefined : flight(mover, window.innerWidth, window.innerHeight, logoHeight);
      wordmark.style.transform = at(mover);
      wordmark.style.backgroundColor = COLOURS[mover.colour] ?? '#fff';
      if (!next) return;
      const from = mover;
      animation = wordmark.animate([{ transform: at(from) }, { transform: at(next.to) }], {
        duration: next.seconds * 1000,
        easing: 'linear',
      });
      if (document.hidden) animation.pause();
      animation.onfinish = () => {
        mover = next.to;
        animation = undefined;
        fly();
      };
    };
    const onVisibility = () => (document.hidden ? animation?.pause() : animation?.play());
    const onResize = () => {
      const now = current();
      if (!now) return;
      // The same place and heading, kept inside the new screen.
      mover = keptInside(now, window.innerWidth, window.innerHeight, logoHeight);
      fly();
    };

    const timer = window.setTimeout(() => {
      logo.onload = () => {
        if (stopped) return;
        logoHeight = (LOGO_WIDTH * logo.naturalHeight) / (logo.naturalWidth || 1);
        mover = startMover(window.innerWidth, window.innerHeight, logoHeight);
        fly();
        wordmark.style.width = `${LOGO_WIDTH}px`;
        wordmark.style.height = `${logoHeight}px`;
        wordmark.hidden = false;
      };
      logo.onerror = () => console.warn('The wordmark could not be loaded');
      logo.src = WORDMARK;
    }, startDelayMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('resize', onResize);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      animation?.cancel();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('resize', onResize);
    };
  }, [startDelayMs]);

  return (
    <div className={styles.sky} aria-hidden="true">
      <div ref={ref} className={styles.mover} hidden />
    </div>
  );
}
