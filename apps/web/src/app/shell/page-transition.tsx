import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useLocation } from 'wouter';
import styles from './page-transition.module.css';
import { PAGE_SPRING } from './spring-easing.ts';

const springStyle: CSSProperties = {
  '--spring-easing': PAGE_SPRING.easing,
  '--spring-duration': `${PAGE_SPRING.durationMs}ms`,
};

/** Turns a copy of the screen into the screen as a page load first draws it: in place, not sliding. */
export function settlePage(frame: HTMLElement): void {
  const still = styles.page;
  if (!still) return;
  for (const page of frame.querySelectorAll(`.${CSS.escape(still)}`)) page.className = still;
}

/** Moving to /quiz slides in from the right, anywhere else from the left; none on first load (docs/product.md, "Screens and routes"). */
export function PageTransition({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  // The first screen appears in place; every later one slides.
  const firstPath = useRef<string | null>(pathname);
  if (firstPath.current !== null && firstPath.current !== pathname) firstPath.current = null;
  const animate = firstPath.current === null;
  const direction = pathname === '/quiz' ? styles.fromRight : styles.fromLeft;
  return (
    <div className={styles.viewport}>
      <div
        key={pathname}
        className={animate ? `${styles.page} ${direction}` : styles.page}
        style={springStyle}
      >
        {children}
      </div>
    </div>
  );
}
