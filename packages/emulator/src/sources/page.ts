import { escapeHtml } from '../accounts/page.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#1a1a1a;color:#fff;display:grid;place-items:center;min-height:100vh;margin:0}' +
  'main{max-width:24rem;width:100%;padding:1.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.9rem;border-radius:2rem;' +
  'border:0;font-size:1rem;font-weight:700;background:#d51007;color:#fff;cursor:pointer}button.secondary{background:transparent;border:1px solid #777}' +
  'p,li{color:#bbb}code{color:#fff;word-break:break-all}';

/** A page of the local services, escaped. */
export function page(title: string, heading: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`;
}

export { escapeHtml };
