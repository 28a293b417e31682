import type { Artist } from '@heavy-rotation/spotify';

export interface RankedListCardProps {
  artists: Artist[];
  /** Unlocked 0-based indices. */
  revealed: number[];
  onClose: () => void;
}

/** The alternate list view: a shareable card of the ranked list. */
export function RankedListCard(_props: RankedListCardProps) {
  return null;
}
