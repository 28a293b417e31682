import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { afterLoad } from '../../boot/after-load.ts';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import { logout, resetApp } from '../../features/auth/sign-out.ts';
import { messageFor } from '../../features/messages/success-lines.ts';
import { SuccessLines } from '../../features/messages/use-success-lines.ts';
import { useStartQuiz } from '../../features/phone-gate/use-start-quiz.tsx';
import { MenuButton } from '../../features/top-artists/components/menu-button.tsx';
import { fewerThan40Text, Top40List } from '../../features/top-artists/components/top40-list.tsx';
import { Top40Error, Top40Loading } from '../../features/top-artists/components/top40-status.tsx';
import { TOP_LIST_SIZE } from '../../features/top-artists/fetch-top-artists.ts';
import { useChart } from '../../features/top-artists/use-chart.ts';
import { useTopArtists } from '../../features/top-artists/use-top-artists.ts';
import { WelcomeGate } from '../../features/welcome/components/welcome-gate.tsx';
import { t } from '../../i18n/i18n.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { useRevealed } from '../../stores/revealed-artists.ts';
import { challengeList } from './challenge-list.ts';
import styles from './top40.module.css';
import { useFirstFrame } from './top40-first-frame.ts';

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

export function Top40Route() {
  const [, navigate] = useLocation();
  const productName = loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME;
  const { status, artists, notice, error, errorKind, retry, manualRetries } = useTopArtists();
  const revealed = useRevealed(artists);
  const chart = useChart(artists, status === 'ready');
  const { startQuiz, gate } = useStartQuiz();
  useFirstFrame(status === 'ready' && notice === null, artists, revealed);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [listCardOpen, setListCardOpen] = useState(false);
  const [challengeOpen, setChallengeOpen] = useState(false);
  const [tapped, setTapped] = useState(false);

  // Asked for once the list is on screen (boot/after-load.ts): the lines fill in after the first frame.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (status !== 'ready') return;
    let alive = true;
    afterLoad(() => {
      if (alive) setPainted(true);
    });
    return () => {
      alive = false;
    };
  }, [status]);

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
        <h1 className={styles.pill}>{t('top40.title')}</h1>
        <MenuButton
          onHelp={() => setHelpOpen(true)}
          onShare={() => setListCardOpen(true)}
          onChallenge={() => setChallengeOpen(true)}
          onReset={() => setResetOpen(true)}
          onLogout={() => logout(navigate)}
        />
      </header>
      <p className={styles.desktopNote}>{t('top40.desktopNote')}</p>
      {status === 'loading' ? <Top40Loading /> : null}
      {status === 'error' ? <Top40Error message={error ?? ''} kind={errorKind} onRetry={retry} /> : null}
      {status === 'ready' ? (
        <>
          {notice ? (
            <p className={styles.notice} role="status">
              {t('top40.savedListNotice', { notice })}
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
                {t('top40.quizButton')}
              </button>
            </div>
          ) : null}
          <WelcomeGate artists={artists} revealed={revealed} />
          <SuccessLines
            artistNames={artists.map((a) => a.name)}
            enabled={painted}
            regenerate={manualRetries}
          />
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
