import { useEffect, useRef } from 'react';
import { COLOURS, flight, LOGO_WIDTH, type Mover, startMover } from '../bounce.ts';
import styles from './landing.module.css';

const WORDMARK = '/wordmark.svg';

/** Paints the wordmark into `canvas` (sized to it) in one colour. */
function paint(
  canvas: HTMLCanvasElement,
  logo: HTMLImageElement,
  colour: string,
  height: number,
  dpr: number,
) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, LOGO_WIDTH, height);
  ctx.drawImage(logo, 0, 0, LOGO_WIDTH, height);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, LOGO_WIDTH, height);
}

const at = (m: Pick<Mover, 'x' | 'y'>) => `translate(${m.x}px, ${m.y}px)`;

/**
 * The login and signup background: the wordmark drifting and bouncing in cycling colours
 * (docs/product.md, "The landing screens"). It starts after `startDelayMs`, stands still under reduced
 * motion and pauses while the tab is hidden. The canvas is only as big as the wordmark and each straight
 * flight between two walls is one animation of its position, which the browser's compositor runs: the
 * page's main thread works once per bounce, to paint the next colour, not once per frame
 * (docs/architecture.md, "The first frame").
 */
export function AnimatedBackground({ startDelayMs }: { startDelayMs: number }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
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
      canvas.style.transform = at(mover);
      paint(canvas, logo, COLOURS[mover.colour] ?? '#fff', logoHeight, dpr);
      if (still) return;
      const next = flight(mover, window.innerWidth, window.innerHeight, logoHeight);
      if (!next) return;
      const from = mover;
      animation = canvas.animate([{ transform: at(from) }, { transform: at(next.to) }], {
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
      const maxX = Math.max(0, window.innerWidth - LOGO_WIDTH);
      const maxY = Math.max(0, window.innerHeight - logoHeight);
      mover = { ...now, x: Math.min(Math.max(now.x, 0), maxX), y: Math.min(Math.max(now.y, 0), maxY) };
      fly();
    };

    const timer = window.setTimeout(() => {
      logo.onload = () => {
        if (stopped) return;
        logoHeight = (LOGO_WIDTH * logo.naturalHeight) / (logo.naturalWidth || 1);
        canvas.width = Math.ceil(LOGO_WIDTH * dpr);
        canvas.height = Math.ceil(logoHeight * dpr);
        canvas.style.width = `${LOGO_WIDTH}px`;
        canvas.style.height = `${logoHeight}px`;
        mover = startMover(window.innerWidth, window.innerHeight, logoHeight);
        fly();
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
      <canvas ref={ref} className={styles.canvas} width={0} height={0} />
    </div>
  );
}
