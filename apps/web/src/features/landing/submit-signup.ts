import type { WaitlistForm } from '@heavy-rotation/contracts';

export const SIGNUP_SUBJECT = 'New Signup from Heavy Rotation';

/** docs/product.md, "The waitlist form": Submit is enabled only when the trimmed email is non-empty and contains '@'. */
export function canSubmitEmail(email: string, submitting: boolean): boolean {
  const trimmed = email.trim();
  return !submitting && trimmed.length > 0 && trimmed.includes('@');
}

/** Posts the waitlist form to our server (docs/product.md, "The waitlist form": form-urlencoded to '/'); 2xx is success. */
export async function submitSignup(email: string, signal?: AbortSignal): Promise<boolean> {
  const form: WaitlistForm = {
    'form-name': 'signup',
    'bot-field': '',
    email: email.trim(),
    subject: SIGNUP_SUBJECT,
  };
  const body = new URLSearchParams({ ...form });
  try {
    const res = await fetch('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal,
    });
    return res.ok;
  } catch {
    return false;
  }
}
