import { useEffect } from 'react';

/** Keeps the page body from scrolling while the calling component is mounted. */
export function useScrollLock(): void {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}
