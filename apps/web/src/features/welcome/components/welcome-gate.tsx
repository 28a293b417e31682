import type { Artist } from '@heavy-rotation/spotify';

export interface WelcomeGateProps {
  artists: Artist[];
  /** Shows the overlay again even after it was completed (e.g. from the menu). */
  replay?: boolean;
  onReplayDone?: () => void;
}

/** The welcome overlay on `/`: shown while `welcome_shown` is unset or on request. */
export function WelcomeGate(_props: WelcomeGateProps) {
  return null;
}
