/** 'Offline - showing last saved data' while offline; 'Back online! Refreshing…' for 2 s after. */
export function OfflineBanner() {
  return null;
}
