import type { WaitlistForm } from '@heavy-rotation/contracts';
import { sendToBackend } from '../../lib/backend.ts';

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
  try {
    await sendToBackend('/', { body: new URLSearchParams({ ...form }), signal });
    return true;
  } catch {
    return false;
  }
}
