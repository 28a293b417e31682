/**
 * The app's entry (docs/architecture.md, "The first frame"): the early script (boot/start.ts) loads it
 * once the page's first frame is painted. It takes over the screen the page shows, or draws one.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from '../app/router.tsx';
import { loadedConfig } from '../config/app-config.ts';
import { languageOfPage, loadLanguage } from '../i18n/i18n.ts';
import { reloadOnceWhenChunksGoMissing } from '../pwa/chunk-reload.ts';
import { linkManifestWhenIdle, registerServiceWorker } from '../pwa/register.ts';
import { firstScreenReady } from './screens.tsx';
import '../styles/global.css';

registerServiceWorker();
linkManifestWhenIdle();
reloadOnceWhenChunksGoMissing();

const app = <App router={Router} />;

// Every text is read from the page's language (docs/languages.md): its catalog comes with the screen's code.
const language = loadLanguage(languageOfPage());
const ready = () => Promise.all([firstScreenReady(), language]);

const root = document.getElementById('root');
if (root?.firstElementChild && !root.dataset.drawn && loadedConfig()) {
  // The screen is already painted from the HTML (docs/architecture.md, "The first frame"): React takes
  // it over once the screen's code is here, so its first render matches what is on screen; in a render
  // that yields to the browser, so no long task delays a tap.
  ready().then(() => startTransition(() => void hydrateRoot(root, app)));
} else if (root?.dataset.drawn && loadedConfig()) {
  // The Top 40 the app saved when it last drew it is on screen (docs/architecture.md, "The listener's
  // first frame"). React draws the same screen once its code is here, in a render that yields to the
  // browser, and puts it in place of the saved one in a single commit.
  // A tap start.js kept goes to the same element of the new one (lib/handover.ts).
  ready().then(() => startTransition(() => createRoot(root).render(app)));
} else if (root) {
  // Without the configuration in the page the screen cannot be the prerendered one: drawn afresh.
  root.replaceChildren();
  void language.then(() => createRoot(root).render(app));
}
