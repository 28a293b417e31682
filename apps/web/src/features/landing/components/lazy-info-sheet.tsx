import { lazy, Suspense, useState } from 'react';
import type { InfoSheetProps } from './info-sheet.tsx';

// vaul and its dialog weigh ~20 KB gzipped: the first screen loads them only when a sheet is opened.
const InfoSheet = lazy(() => import('./info-sheet.tsx'));

/** Renders the sheet once it has been opened at least once, so closing still animates. */
export function LazyInfoSheet(props: InfoSheetProps) {
  const [wanted, setWanted] = useState(false);
  if (props.open && !wanted) setWanted(true);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <InfoSheet {...props} />
    </Suspense>
  );
}
