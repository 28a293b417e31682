import type { ChallengeArtist } from '@heavy-rotation/contracts/replies';
import type { Artist } from '@heavy-rotation/spotify';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'wouter';
import gameScreen from '../../components/ui/game-screen.module.css';
import { Progress } from '../../components/ui/progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import {
  ChallengeEnded,
  ChallengeOutcome,
  ChallengeResult,
  guessTitle,
} from '../../features/challenge/components/challenge-parts.tsx';
import { useChallengeGame } from '../../features/challenge/use-challenge-game.ts';
import { GuessForm } from '../../features/quiz/components/guess-form.tsx';
import { QuizGrid } from '../../features/quiz/components/quiz-grid.tsx';
import { t } from '../../i18n/i18n.ts';
import styles from './challenge.module.css';

/** A rank as the grid draws it: a shown artist, or a stand-in that carries nothing but the rank. */
function gridArtist(rank: number, artist: ChallengeArtist | undefined): Artist {
  return {
    id: artist?.id ?? `locked-${rank}`,
    name: artist?.name ?? '',
    type: 'artist',
    uri: '',
    href: '',
    external_urls: {},
    images: artist?.image ? [{ url: artist.image, width: 300, height: 300 }] : [],
  };
}

/**
 * /c/<id>: a friend guesses a listener's top 40 (docs/product.md, "Challenge a friend"). The page holds
 * only the open ranks and the friend's own finds; every guess is judged by the server.
 */
export function ChallengeRoute() {
  const { id = '' } = useParams();
  const game = useChallengeGame(id);
  const inputRef = useRef<HTMLInputElement>(null);
  const productName = loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME;
  const view = game.state.status === 'ready' ? game.state.view : null;
  const name = view?.name ?? null;
  const size = view?.size ?? 0;
  const title = guessTitle(name, size);

  const artists = useMemo(
    () => Array.from({ length: size }, (_, i) => gridArtist(i + 1, game.shown.get(i + 1))),
    [size, game.shown],
  );
  const unlocked = useMemo(() => new Set([...game.shown.keys()].map((rank) => rank - 1)), [game.shown]);
  const fresh = game.outcome?.kind === 'found' ? game.outcome.artist.rank - 1 : null;

  useEffect(() => {
    if (game.state.status === 'ended') document.title = t('challenge.ended');
    else if (view) document.title = title;
  }, [game.state.status, view, title]);

  const wasDone = useRef(game.done);
  useEffect(() => {
    if (game.done && !wasDone.current) document.getElementById('challenge-result')?.focus();
    wasDone.current = game.done;
  }, [game.done]);

  if (game.state.status === 'loading') return <Spinner label={t('challenge.loading')} />;
  if (game.state.status === 'ended')
    return (
      <main className={styles.screen}>
        <ChallengeEnded />
      </main>
    );
  if (game.state.status === 'error')
    return (
      <main className={styles.screen}>
        <p role="alert">{game.state.text}</p>
        <button type="button" className={styles.secondary} onClick={game.retry}>
          {t('common.tryAgain')}
        </button>
      </main>
    );

  return (
    <main className={styles.screen}>
      <header className={gameScreen.header}>
        <p className={styles.kicker}>{t('challenge.kicker', { productName })}</p>
        <h1 className={styles.title}>{title}</h1>
        <Progress done={game.found} total={game.lockedTotal}>
          {t('challenge.progress', { found: game.found, total: game.lockedTotal })}
        </Progress>
      </header>
      {game.done ? (
        <ChallengeResult
          name={name}
          score={game.score}
          size={size}
          productName={productName}
          savedName={game.savedName}
          onAddName={game.addName}
        />
      ) : (
        <div className={gameScreen.play}>
          <p className={styles.tip}>{t('challenge.tip')}</p>
          <GuessForm inputRef={inputRef} onGuess={game.guess} />
          <ChallengeOutcome
            outcome={game.outcome}
            pending={game.pending}
            name={name}
            size={size}
            misses={game.misses}
          />
        </div>
      )}
      <QuizGrid
        artists={artists}
        unlocked={unlocked}
        fresh={fresh}
        onLockedTap={() => inputRef.current?.focus()}
      />
      {game.done ? null : (
        <button type="button" className={styles.secondary} onClick={game.giveUp}>
          {t('challenge.giveUp')}
        </button>
      )}
      <p className={styles.footer}>
        <Link to="/login">{t('challenge.makeOwnTop40')}</Link>
      </p>
    </main>
  );
}
