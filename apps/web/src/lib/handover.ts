/**
 * The listener's input while the app's code is on its way (docs/architecture.md, "The first frame"),
 * both sides of it: the early script (boot/start.ts) keeps a tap on a painted control that needs the
 * app, and the app passes it on once it has taken the screen over.
 */

/** A control with nothing to do without the app: a button outside a form's Submit, a link without an address. */
function needsTheApp(control: Element): boolean {
  if (control.matches('a[href]')) return false;
  return !(control instanceof HTMLButtonElement && control.type === 'submit' && control.form);
}

/**
 * Early script: until the app has taken over, a tap on a control of `root` that needs the app is kept
 * (as a path of child positions from #root) and the control shows it is at work; the last tap wins.
 * A key that activates such a control is kept the same way: Enter on a link still without its address
 * (it has a tab stop, so the keyboard reaches it), Enter or Space on a `role="button"` that is not a
 * real button (a real button turns both into a click itself). Real links and a form's Submit work on
 * their own.
 */
export function keepTaps(root: HTMLElement): void {
  const keep = (event: Event, control: Element) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const path: number[] = [];
    for (let node: Element | null = control; node && node !== root; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement?.children ?? [], node));
    }
    clearBusy(root);
    control.setAttribute('data-tapped', '');
    control.setAttribute('aria-busy', 'true');
    root.dataset.tap = path.join('.');
  };
  /** The control of `root` an event is on, if it needs the app and the app has not taken over yet. */
  const waiting = (event: Event, selector: string) => {
    if ('live' in root.dataset || !(event.target instanceof Element)) return null;
    const control = event.target.closest(selector);
    return control && root.contains(control) && needsTheApp(control) ? control : null;
  };
  root.addEventListener(
    'click',
    (event) => {
      const control = waiting(event, 'a, button, [role="button"]');
      if (control) keep(event, control);
    },
    true,
  );
  root.addEventListener(
    'keydown',
    (event) => {
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      const selector =
        event.key === 'Enter' ? 'a, [role="button"]' : event.key === ' ' ? '[role="button"]' : '';
      const control = selector ? waiting(event, selector) : null;
      if (control && !(control instanceof HTMLButtonElement)) keep(event, control);
    },
    true,
  );
}

function clearBusy(root: HTMLElement): void {
  for (const busy of root.querySelectorAll('[data-tapped]')) {
    busy.removeAttribute('data-tapped');
    busy.removeAttribute('aria-busy');
  }
}

/**
 * App: its first screen is committed. The tap the early script kept reaches the same element of the
 * app's screen: the painted one itself after hydration, or its twin after the saved first frame was
 * replaced.
 */
export function screenTakenOver(): void {
  const root = document.getElementById('root');
  if (!root || 'live' in root.dataset) return;
  root.dataset.live = '';
  if (root.dataset.drawn === 'saved') root.dataset.drawn = 'replaced';
  // The control's own state shows from now on.
  clearBusy(root);
  const path = root.dataset.tap;
  delete root.dataset.tap;
  if (!path) return;
  let target: Element | undefined = root;
  for (const index of path.split('.')) target = target?.children[Number(index)];
  if (target instanceof HTMLElement) target.click();
}
