import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { track } from '../../lib/analytics.ts';
import { currentListener, spotifyTokenOf } from '../../lib/listener.ts';
import { ErrorToast } from './components/error-toast.tsx';
import {
  confirmCode,
  currentUser,
  rememberSkip,
  type ShownConsent,
  saveErrorText,
  sendCode,
  sheetErrorText,
  skippedRecently,
  smsGateEnabled,
  userHasPhone,
} from './gate-api.ts';

// The sheet (and libphonenumber's metadata) loads only when someone actually needs it.
const PhoneSheet = lazy(async () => ({ default: (await import('./components/phone-sheet.tsx')).PhoneSheet }));

const TOAST_MS = 3000;

/** Saving a number needs a signed-in listener the server knows. */
class SpotifyUserNotFoundError extends Error {
  override readonly name = 'SpotifyUserNotFoundError';
  constructor() {
    super('Spotify user not found');
  }
}

// Users known to have a phone in this page's life: a saved number skips the checks next time.
const withPhone = new Set<string>();

/**
 * The quiz button's flow: the phone gate when the SMS gate is on, the user has no phone and has not said
 * "Not now" in the last 7 days; else /quiz (docs/product.md, "The phone gate and consent").
 */
export function useStartQuiz(): { startQuiz: () => void; gate: ReactNode } {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const checking = useRef(false);
  const toastTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const startQuiz = useCallback(async () => {
    if (checking.current) return;
    checking.current = true;
    try {
      // A guest has no account to hold a number: the gate is skipped (docs/product.md, "The Spotify data export").
      const listener = currentListener();
      if (listener.kind === 'export' || skippedRecently()) return navigate('/quiz');
      const token = await spotifyTokenOf(listener);
      if (!(await smsGateEnabled())) return navigate('/quiz');
      const user = await currentUser(token);
      if (user && (withPhone.has(user.id) || (await userHasPhone(user.id, token)))) return navigate('/quiz');
      setOpen(true);
      track({ name: 'sms_gate_view' });
    } finally {
      checking.current = false;
    }
  }, [navigate]);

  // The number a code was last texted to: it is the listener's once the code comes back.
  const pending = useRef<{ userId: string; e164: string } | null>(null);
  const requestCode = async (e164: string, consent: ShownConsent) => {
    const token = await spotifyTokenOf(currentListener());
    const user = await currentUser(token);
    if (!user) throw new SpotifyUserNotFoundError();
    const sent = await sendCode(user, e164, consent, token);
    pending.current = { userId: user.id, e164 };
    return sent;
  };
  const confirm = async (code: string) => {
    await confirmCode(code, await spotifyTokenOf(currentListener()));
    const saved = pending.current;
    if (!saved) return;
    withPhone.add(saved.userId);
    track({
      name: 'sms_phone_submitted',
      phone_country: (await import('@heavy-rotation/contracts/phone')).phoneCountry(saved.e164),
    });
  };

  const showError = (error: unknown) => {
    clearTimeout(toastTimer.current);
    setToast(saveErrorText(error));
    toastTimer.current = setTimeout(() => setToast(null), TOAST_MS);
  };

  const gate = (
    <>
      {open ? (
        <Suspense fallback={null}>
          <PhoneSheet
            open={open}
            onSendCode={requestCode}
            onConfirm={confirm}
            errorText={sheetErrorText}
            onSaved={() => {
              setOpen(false);
              navigate('/quiz');
            }}
            onError={showError}
            onClose={() => setOpen(false)}
            onSkip={() => {
              rememberSkip();
              track({ name: 'sms_gate_skipped' });
              setOpen(false);
              navigate('/quiz');
            }}
          />
        </Suspense>
      ) : null}
      {toast ? <ErrorToast message={toast} /> : null}
    </>
  );
  return { startQuiz: () => void startQuiz(), gate };
}
