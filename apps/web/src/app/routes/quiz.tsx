import { lazy, Suspense, useCallback, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { messageFor } from '../../features/messages/success-lines.ts';
import { useSuccessLines } from '../../features/messages/use-success-lines.ts';
import { QuizScreen } from '../../features/quiz/components/quiz-screen.tsx';
import { Top40Error } from '../../features/top-artists/components/top40-status.tsx';
import { useTopArtists } from '../../features/top-artists/use-top-artists.ts';
import { t } from '../../i18n/i18n.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { useRevealed } from '../../stores/revealed-artists.ts';
import { challengeList } from './challenge-list.ts';

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

/** /quiz: the quiz over the listener's list, its messages, and the whole-list share when all are found. */
export function QuizRoute() {
  const { status, artists, error, errorKind, retry } = useTopArtists();
  const messages = useQuizMessages((s) => s.messages);
  const revealed = useRevealed(artists);
  // Open with the game's mode: a game played in hard mode says so in its share text.
  const [sharing, setSharing] = useState<{ hard: boolean } | null>(null);
  const [challenging, setChallenging] = useState(false);
  const messageOf = useCallback((name: string) => messageFor(name, messages), [messages]);

  // Someone who lands here directly still gets their success lines.
  useSuccessLines(
    artists.map((a) => a.name),
    { enabled: status === 'ready' },
  );

  if (status === 'loading') return <Spinner label={t('quiz.loading')} />;
  if (status === 'error')
    return (
      <Top40Error message={error ?? t('top40.errorNoArtists')} kind={errorKind ?? 'empty'} onRetry={retry} />
    );
  return (
    <>
      <QuizScreen
        artists={artists}
        messageOf={messageOf}
        onShareList={(hard) => setSharing({ hard })}
        onChallenge={() => setChallenging(true)}
      />
      {challenging ? (
        <Suspense fallback={null}>
          <ChallengeDialog artists={challengeList(artists)} onClose={() => setChallenging(false)} />
        </Suspense>
      ) : null}
      {sharing ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <RankedListCard
            artists={artists}
            revealed={revealed}
            hard={sharing.hard}
            onClose={() => setSharing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
