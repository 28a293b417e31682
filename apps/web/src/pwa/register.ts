/** Installs the service worker that keeps the app shell for offline use (production builds only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    import('virtual:pwa-register')
      .then(({ registerSW }) => registerSW({ immediate: true }))
      .catch((error: unknown) => console.warn('Offline support is unavailable', error));
  });
}
