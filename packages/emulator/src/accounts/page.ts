import type { ListenerRecord } from '../data/types.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#121212;color:#fff;display:grid;place-items:center;min-height:100vh;margin:0}' +
  'main{max-width:24rem;width:100%;padding:1.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.9rem;border-radius:2rem;' +
  'border:0;font-size:1rem;font-weight:700;background:#1ed760;color:#000;cursor:pointer}button.secondary{background:transparent;color:#fff;border:1px solid #777}' +
  'p{color:#b3b3b3}';

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The consent page: one button per listener and Cancel; the query travels on as hidden fields. */
export function loginPage(params: Record<string, string>, listeners: ListenerRecord[]): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = listeners
    .map(
      (l) =>
        `<button type="submit" name="listener" value="${escapeHtml(l.id)}">Log in as ${escapeHtml(l.display_name)}</button>`,
    )
    .join('');
  const scopes = params.scope ? `<p>Requested access: ${escapeHtml(params.scope)}</p>` : '';
  return layout(
    'Log in – Spotify emulator',
    `<h1>Log in to continue</h1><p>This is a local Spotify emulator. Choose a demo listener.</p>${scopes}<form method="post" action="/authorize">${hidden}${buttons}<button type="submit" class="secondary" name="cancel" value="1">Cancel</button></form>`,
  );
}

export function errorPage(message: string): string {
  return layout(
    'Error – Spotify emulator',
    `<h1>Oops! Something went wrong</h1><p role="alert">${escapeHtml(message)}</p>`,
  );
}
