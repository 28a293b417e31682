import { type ChangeEvent, type ReactNode, useId } from 'react';
import { EXPORT_INPUT, type ExportKind } from '../export-kinds.ts';
import type { ExportResult } from '../parse-export.ts';
import { useExportImport } from '../use-export-import.ts';
import styles from './export-upload.module.css';

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Each export's words: its heading, how to get it, what to choose (docs/product.md, "The data exports"). */
const SECTIONS: Record<
  ExportKind,
  { id: string; title: string; guide: string; steps: ReactNode; accept: string; hint: string; sample: string }
> = {
  spotify: {
    id: 'spotify',
    title: 'Spotify',
    guide: 'How to get your data from Spotify',
    steps: (
      <>
        <li>
          Open{' '}
          <a href="https://www.spotify.com/account/privacy/" {...external}>
            Spotify's privacy settings
          </a>{' '}
          and sign in.
        </li>
        <li>
          Under "Download your data", tick <strong>Account data</strong> (ready in a few days) or{' '}
          <strong>Extended streaming history</strong> (more detail, up to 30 days), and request it.
        </li>
        <li>Confirm the email Spotify sends. A second email brings a link to a .zip file.</li>
        <li>Download the .zip and choose it here. You can also choose the .json files inside it.</li>
      </>
    ),
    accept: '.zip,.json,application/zip,application/json',
    hint: 'The .zip Spotify emails you, or the StreamingHistory .json files inside it.',
    sample: 'Try a sample export',
  },
  apple: {
    id: 'apple-music',
    title: 'Apple Music',
    guide: 'How to get your data from Apple',
    steps: (
      <>
        <li>
          Open{' '}
          <a href="https://privacy.apple.com/" {...external}>
            Apple's Data and Privacy page
          </a>{' '}
          and sign in with your Apple Account.
        </li>
        <li>
          Choose <strong>Request a copy of your data</strong>, tick{' '}
          <strong>Apple Media Services information</strong>, and finish the request.
        </li>
        <li>Apple emails you when it is ready (it can take up to a week). Download the .zip.</li>
        <li>
          Choose the .zip here. You can also choose Apple_Media_Services.zip inside it, or "Apple Music - Play
          History Daily Tracks.csv".
        </li>
      </>
    ),
    accept: '.zip,.csv,application/zip,text/csv',
    hint: 'The .zip Apple sends you, Apple_Media_Services.zip inside it, or the Play History Daily Tracks .csv.',
    sample: 'Try a sample Apple Music export',
  },
  youtube: {
    id: 'youtube-music',
    title: 'YouTube Music',
    guide: 'How to get your history from Google Takeout',
    steps: (
      <>
        <li>
          Open{' '}
          <a href="https://takeout.google.com/" {...external}>
            Google Takeout
          </a>{' '}
          and sign in.
        </li>
        <li>
          Choose <strong>Deselect all</strong>, then tick <strong>YouTube and YouTube Music</strong>.
        </li>
        <li>
          Under <strong>Multiple formats</strong>, set history to <strong>JSON</strong>. Under{' '}
          <strong>All YouTube data included</strong>, keeping only <strong>history</strong> makes it smaller.
        </li>
        <li>Create the export. When Google emails you, download the .zip and choose it here.</li>
      </>
    ),
    accept: '.zip,.json,application/zip,application/json',
    hint: 'The .zip Google Takeout makes, or watch-history.json inside it.',
    sample: 'Try a sample YouTube Music history',
  },
};

/**
 * One export on /upload (docs/product.md, "The data exports"): how to get it, its file input, a sample to
 * try, and the reading with its progress and Cancel. Nothing leaves the device.
 */
function ExportSection({
  kind,
  onImported,
}: {
  kind: ExportKind;
  onImported: (result: ExportResult) => void;
}) {
  const ids = { input: useId(), hint: useId(), title: useId() };
  const { state, start, cancel, sample } = useExportImport(kind, onImported);
  const reading = state.status === 'reading';
  const words = SECTIONS[kind];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after a problem reads it again.
    event.target.value = '';
    start(files);
  };

  const percent =
    reading && state.total > 0 ? Math.min(100, Math.round((state.read / state.total) * 100)) : 0;

  return (
    <section id={words.id} className={styles.section} aria-labelledby={ids.title}>
      <h3 id={ids.title} className={styles.heading}>
        {words.title}
      </h3>
      <details className={styles.guide}>
        <summary>{words.guide}</summary>
        <ol>{words.steps}</ol>
      </details>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.input}>
          {EXPORT_INPUT[kind]}
        </label>
        <input
          id={ids.input}
          className={styles.file}
          type="file"
          multiple
          accept={words.accept}
          disabled={reading}
          aria-describedby={ids.hint}
          onChange={choose}
        />
        <p id={ids.hint} className={styles.hint}>
          {words.hint}
        </p>
      </div>

      <div className={styles.status} aria-live="polite">
        {reading ? (
          <>
            <p className={styles.reading}>
              Reading {state.file}
              {state.total > 0 ? ` (${megabytes(state.read)} of ${megabytes(state.total)})` : '...'}
            </p>
            <progress
              className={styles.progress}
              max={100}
              value={state.total > 0 ? percent : undefined}
              aria-label={`Reading your ${words.title} export`}
            />
          </>
        ) : null}
        {state.status === 'idle' && state.notice ? <p className={styles.notice}>{state.notice}</p> : null}
      </div>
      {state.status === 'problem' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}

      {reading ? (
        <button type="button" className={styles.secondary} onClick={cancel}>
          Cancel
        </button>
      ) : (
        <button type="button" className={styles.secondary} onClick={sample}>
          {words.sample}
        </button>
      )}
    </section>
  );
}

/**
 * /upload's three exports under one heading: Spotify, Apple Music and YouTube Music. Files stay on this
 * device: each is read here and nothing of it is uploaded.
 */
export function ExportUpload({ onImported }: { onImported: (result: ExportResult) => void }) {
  return (
    <div className={styles.upload}>
      <h2 className={styles.title}>Upload your listening history</h2>
      <p className={styles.intro}>
        Spotify, Apple Music and YouTube Music all let you download your listening history. Bring yours here
        and we'll rank your top 40 artists of its last four weeks. Your file stays on this device: it is read
        here and nothing of it is uploaded.
      </p>
      <ExportSection kind="spotify" onImported={onImported} />
      <ExportSection kind="apple" onImported={onImported} />
      <ExportSection kind="youtube" onImported={onImported} />
    </div>
  );
}
