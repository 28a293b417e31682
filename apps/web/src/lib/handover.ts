/**
 * The moment the app has taken the first screen over (docs/architecture.md, "The first frame"): what
 * the page did with the listener's input until then is passed on. The early script (public/start.js)
 * keeps a tap on a control that needs the app (its path of child positions from #root, the control
 * shown at work); here that tap reaches the same element of the app's screen: the painted one itself
 * after hydration, or its twin after the saved first frame was replaced.
 */
export function screenTakenOver(): void {
  const root = document.getElementById('root');
  if (!root || 'live' in root.dataset) return;
  root.dataset.live = '';
  if (root.dataset.drawn === 'saved') root.dataset.drawn = 'replaced';
  // The control's own state shows from now on.
  for (const busy of root.querySelectorAll('[data-tapped]')) {
    busy.removeAttribute('data-tapped');
    busy.removeAttribute('aria-busy');
  }
  const path = root.dataset.tap;
  delete root.dataset.tap;
  if (!path) return;
  let target: Element | undefined = root;
  for (const index of path.split('.')) target = target?.children[Number(index)];
  if (target instanceof HTMLElement) target.click();
}
