import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import { freshSessionUntil } from '../../features/auth/session.ts';
import { logout, resetApp } from '../../features/auth/sign-out.ts';
import { generateMissingMessages, messageFor } from '../../features/messages/generate-messages.ts';
import { useStartQuiz } from '../../features/phone-gate/use-start-quiz.tsx';
import { MenuButton } from '../../features/top-artists/components/menu-button.tsx';
import {
  fewerThan40Text,
  settleListRows,
  Top40List,
} from '../../features/top-artists/components/top40-list.tsx';
import { Top40Error, Top40Loading } from '../../features/top-artists/components/top40-status.tsx';
import { TOP_LIST_SIZE } from '../../features/top-artists/fetch-top-artists.ts';
import { useChart } from '../../features/top-artists/use-chart.ts';
import { useListNotice } from '../../features/top-artists/use-list-notice.ts';
import { useTopArtists } from '../../features/top-artists/use-top-artists.ts';
import { WelcomeGate } from '../../features/welcome/components/welcome-gate.tsx';
import { afterLoad } from '../../lib/after-load.ts';
import { persistedFreshUntil } from '../../lib/artists-cache.ts';
import { isGuest } from '../../lib/export-listener.ts';
import { saveFirstFrame } from '../../lib/first-frame.ts';
import { artistsCacheKey, KEYS } from '../../lib/session.ts';
import { readSourceSession } from '../../lib/source-session.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { useRevealed } from '../../stores/revealed-artists.ts';
import { settlePage } from '../shell/page-transition.tsx';
import { challengeList } from './challenge-list.ts';
import styles from './top40.module.css';

const HELP_IMAGE = '/help.svg';

const ArtistShareView = lazy(() =>
  import('../../features/artist-card/components/artist-share-view.tsx').then((m) => ({
    default: m.ArtistShareView,
  })),
);
// Sheets and dialogs load when first opened, keeping the list's own code small.
const HelpSheet = lazy(() =>
  import('../../features/top-artists/components/help-sheet.tsx').then((m) => ({ default: m.HelpSheet })),
);
const ResetDialog = lazy(() =>
  import('../../features/top-artists/components/reset-dialog.tsx').then((m) => ({ default: m.ResetDialog })),
);
const ChallengeDialog = lazy(() =>
  import('../../features/challenge/components/challenge-dialog.tsx').then((m) => ({
    default: m.ChallengeDialog,
  })),
);
const RankedListCard = lazy(() =>
  import('../../features/list-share/components/ranked-list-card.tsx').then((m) => ({
    default: m.RankedListCard,
  })),
);

/**
 * Keeps the list as the next visit's first frame (docs/architecture.md, "The listener's first frame"),
 * valid while what it was drawn from (the saved list, the reveals) is unchanged and the app would draw
 * it at once: the saved list fresh, the session needing no check.
 */
function useFirstFrame(ready: boolean, artists: unknown, revealed: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read from the DOM that the list and reveals draw
  useEffect(() => {
    const root = document.getElementById('root');
    const config = loadedConfig();
    if (!ready || !root || !config) return;
    // Last.fm, ListenBrainz and export listeners' sessions are never refreshed in the browser.
    const session = readSourceSession() || isGuest() ? Number.MAX_SAFE_INTEGER : freshSessionUntil();
    saveFirstFrame(root, {
      keys: [artistsCacheKey(config.productName), KEYS.revealed, KEYS.chartHistory],
      until: Math.min(persistedFreshUntil(config.productName), session),
      settle: (frame) => {
        settlePage(frame);
        settleListRows(frame);
      },
    });
  }, [ready, artists, revealed]);
}

export function Top40Route() {
  const navigate = useNavigate();
  const productName = loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME;
  const { status, artists, error, errorKind, retry, manualRetries } = useTopArtists();
  const revealed = useRevealed(artists);
  const chart = useChart(artists, status === 'ready');
  const { startQuiz, gate } = useStartQuiz();
  const notice = useListNotice();
  useFirstFrame(status === 'ready' && notice === null, artists, revealed);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [listCardOpen, setListCardOpen] = useState(false);
  const [challengeOpen, setChallengeOpen] = useState(false);
  const [tapped, setTapped] = useState(false);

  useEffect(() => {
    if (status !== 'ready') return;
    const controller = new AbortController();
    // Asked for once the list is on screen (lib/after-load.ts): the lines fill in after the first frame.
    afterLoad(() => {
      if (controller.signal.aborted) return;
      generateMissingMessages(
        artists.map((a) => a.name),
        { signal: controller.signal, regenerate: manualRetries > 0 },
      ).catch(() => undefined);
    });
    return () => controller.abort();
  }, [status, artists, manualRetries]);

  // Warm the help sheet's artwork so it is there the moment the sheet opens.
  useEffect(() => {
    if (status !== 'ready') return;
    const timer = setTimeout(() => {
      new Image().src = HELP_IMAGE;
    }, 100);
    return () => clearTimeout(timer);
  }, [status]);

  const anyLocked = artists.some((_, i) => !revealed.includes(i));
  const openArtist = openIndex === null ? undefined : artists[openIndex];
  // Only the open artist's line: lines arriving for the list do not draw the screen again.
  const openMessage = useQuizMessages((s) => (openArtist ? messageFor(openArtist.name, s.messages) : ''));
  // Stable, so the list (memoised) is drawn again only when its artists or reveals change.
  const openRevealed = useCallback((index: number) => {
    setTapped(true);
    setOpenIndex(index);
  }, []);
  const openLocked = useCallback(() => {
    setTapped(true);
    navigate('/quiz');
  }, [navigate]);

  return (
    <main className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.pill}>My Top 40</h1>
        <MenuButton
          onHelp={() => setHelpOpen(true)}
          onShare={() => setListCardOpen(true)}
          onChallenge={() => setChallengeOpen(true)}
          onReset={() => setResetOpen(true)}
          onLogout={() => logout(navigate)}
        />
      </header>
      <p className={styles.desktopNote}>Note: for best experience, use on mobile</p>
      {status === 'loading' ? <Top40Loading /> : null}
      {status === 'error' ? <Top40Error message={error ?? ''} kind={errorKind} onRetry={retry} /> : null}
      {status === 'ready' ? (
        <>
          {notice ? (
            <p className={styles.notice} role="status">
              {notice} Showing your saved list.
            </p>
          ) : null}
          {chart.summary ? <p className={styles.chart}>{chart.summary}</p> : null}
          {artists.length < TOP_LIST_SIZE ? (
            <p className={styles.fewer}>{fewerThan40Text(artists.length)}</p>
          ) : null}
          <Top40List
            artists={artists}
            revealed={revealed}
            shine={!tapped}
            moves={chart.moves}
            onOpenRevealed={openRevealed}
            onOpenLocked={openLocked}
          />
          {anyLocked && !helpOpen ? (
            <div className={styles.floating}>
              <button type="button" className={styles.quizButton} onClick={startQuiz}>
                Unlock the rest - take quiz
              </button>
            </div>
          ) : null}
          <WelcomeGate artists={artists} revealed={revealed} />
        </>
      ) : null}
      {gate}
      <Suspense fallback={null}>
        {helpOpen ? <HelpSheet open onOpenChange={setHelpOpen} productName={productName} /> : null}
        {resetOpen ? (
          <ResetDialog open onOpenChange={setResetOpen} onConfirm={() => resetApp(navigate)} />
        ) : null}
        {openArtist && openIndex !== null ? (
          <ArtistShareView
            artist={openArtist}
            rank={openIndex + 1}
            message={openMessage}
            onClose={() => setOpenIndex(null)}
          />
        ) : null}
        {challengeOpen && status === 'ready' ? (
          <ChallengeDialog artists={challengeList(artists)} onClose={() => setChallengeOpen(false)} />
        ) : null}
        {listCardOpen ? (
          <RankedListCard artists={artists} revealed={revealed} onClose={() => setListCardOpen(false)} />
        ) : null}
      </Suspense>
    </main>
  );
}
