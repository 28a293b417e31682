import type * as admin from '@heavy-rotation/contracts/admin';

export type Sort = 'created' | 'email' | 'status';
export const SORT_LABEL: Record<Sort, string> = { email: 'Email', created: 'Signed up', status: 'Status' };

/** What the operator chose to see of the waitlist, and which signups they selected. */
export interface WaitlistView {
  status: '' | admin.WaitlistStatus;
  sort: Sort;
  dir: 'asc' | 'desc';
  page: number;
  size: number;
  selected: ReadonlySet<number>;
}

export type WaitlistAction =
  | { type: 'status'; status: WaitlistView['status'] }
  | { type: 'size'; size: number }
  | { type: 'sort'; column: Sort }
  | { type: 'page'; page: number }
  | { type: 'toggle'; ids: number[]; on: boolean }
  | { type: 'clear' };

export const FIRST_VIEW: WaitlistView = {
  status: '',
  sort: 'created',
  dir: 'desc',
  page: 1,
  size: 50,
  selected: new Set(),
};

/** Each change of filter, size or sort starts again from the first page. */
export function waitlistReducer(view: WaitlistView, action: WaitlistAction): WaitlistView {
  switch (action.type) {
    case 'status':
      return { ...view, status: action.status, page: 1 };
    case 'size':
      return { ...view, size: action.size, page: 1 };
    case 'sort':
      if (action.column === view.sort) return { ...view, dir: view.dir === 'asc' ? 'desc' : 'asc', page: 1 };
      return { ...view, sort: action.column, dir: action.column === 'created' ? 'desc' : 'asc', page: 1 };
    case 'page':
      return { ...view, page: action.page };
    case 'toggle': {
      const selected = new Set(view.selected);
      for (const id of action.ids) {
        if (action.on) selected.add(id);
        else selected.delete(id);
      }
      return { ...view, selected };
    }
    case 'clear':
      return { ...view, selected: new Set() };
  }
}

/** The waitlist page the view asks the console's API for. */
export function waitlistPath(view: WaitlistView, q: string): string {
  const { sort, dir, page, size, status } = view;
  const params = new URLSearchParams({ sort, dir, page: String(page), size: String(size) });
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  return `/api/admin/waitlist?${params}`;
}

/** How a signup's newest email went, in words. */
export function mailText(mail: admin.WaitlistRow['mail']): { text: string; bad: boolean } | null {
  if (!mail) return null;
  if (mail.status === 'sent')
    return { text: mail.transport === 'outbox' ? 'Email in the outbox' : 'Email sent', bad: false };
  if (mail.status === 'failed')
    return { text: `Not delivered: ${mail.lastError ?? 'unknown error'}`, bad: true };
  if (mail.lastError) return { text: `Will try again (${mail.lastError})`, bad: true };
  return { text: 'Email queued', bad: false };
}
