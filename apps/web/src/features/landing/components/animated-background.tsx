import { useEffect, useRef } from 'react';
import { COLOURS, LOGO_WIDTH, type Mover, startMover, step } from '../bounce.ts';
import styles from './landing.module.css';

const WORDMARK = '/wordmark.svg';

function tinted(logo: HTMLImageElement, colour: string, width: number, height: number, dpr: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * dpr);
  canvas.height = Math.ceil(height * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.scale(dpr, dpr);
  ctx.drawImage(logo, 0, 0, width, height);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

/**
 * The login and signup background: the wordmark drifting and bouncing in cycling colours. It starts
 * after `startDelayMs`, stands still under reduced motion, pauses while the tab is hidden, and draws one
 * cached bitmap per frame (clearing only where the last one was) so it never competes with input.
 */
export function AnimatedBackground({ startDelayMs }: { startDelayMs: number }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const logo = new Image();
    const cache = new Map<number, HTMLCanvasElement>();
    let frame = 0;
    let last = 0;
    let mover: Mover | undefined;
    let logoHeight = 0;
    let stopped = false;
    // Where the wordmark was last drawn: only that is cleared for the next frame, not the whole screen.
    let drawn: { x: number; y: number } | undefined;

    const size = () => {
      // Setting the size clears the canvas.
      canvas.width = Math.round(window.innerWidth * dpr);
      canvas.height = Math.round(window.innerHeight * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawn = undefined;
    };
    const draw = () => {
      if (!mover) return;
      let bitmap = cache.get(mover.colour);
      if (!bitmap) {
        bitmap = tinted(logo, COLOURS[mover.colour] ?? '#fff', LOGO_WIDTH, logoHeight, dpr);
        cache.set(mover.colour, bitmap);
      }
      if (drawn) ctx.clearRect(drawn.x - 1, drawn.y - 1, LOGO_WIDTH + 2, logoHeight + 2);
      ctx.drawImage(bitmap, mover.x, mover.y, LOGO_WIDTH, logoHeight);
      drawn = { x: mover.x, y: mover.y };
    };
    const tick = (now: number) => {
      if (stopped || !mover) return;
      const seconds = last ? Math.min((now - last) / 1000, 0.1) : 0;
      last = now;
      mover = step(mover, seconds, window.innerWidth, window.innerHeight, logoHeight);
      draw();
      frame = requestAnimationFrame(tick);
    };
    const run = () => {
      cancelAnimationFrame(frame);
      last = 0;
      if (!still && !document.hidden) frame = requestAnimationFrame(tick);
    };
    const onVisibility = () => (document.hidden ? cancelAnimationFrame(frame) : run());
    const onResize = () => {
      size();
      draw();
    };

    const timer = window.setTimeout(() => {
      logo.onload = () => {
        if (stopped) return;
        logoHeight = (LOGO_WIDTH * logo.naturalHeight) / (logo.naturalWidth || 1);
        size();
        mover = startMover(window.innerWidth, window.innerHeight, logoHeight);
        draw();
        run();
      };
      logo.onerror = () => console.warn('The wordmark could not be loaded');
      logo.src = WORDMARK;
    }, startDelayMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('resize', onResize);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('resize', onResize);
    };
  }, [startDelayMs]);

  return (
    <div aria-hidden="true">
      <canvas ref={ref} className={styles.canvas} />
    </div>
  );
}
