import { type ChangeEvent, useId } from 'react';
import type { ExportResult } from '../parse-export.ts';
import { useExportImport } from '../use-export-import.ts';
import styles from './export-upload.module.css';

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * "Upload your Spotify data" (docs/product.md, "The Spotify data export"): how to get the export, the
 * file input, a sample to try, and the reading with its progress and Cancel. Nothing leaves the device.
 */
export function ExportUpload({ onImported }: { onImported: (result: ExportResult) => void }) {
  const ids = { input: useId(), hint: useId(), status: useId() };
  const { state, start, cancel, sample } = useExportImport(onImported);
  const reading = state.status === 'reading';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after a problem reads it again.
    event.target.value = '';
    start(files);
  };

  const percent =
    reading && state.total > 0 ? Math.min(100, Math.round((state.read / state.total) * 100)) : 0;

  return (
    <div className={styles.upload}>
      <h2 className={styles.title}>Upload your Spotify data</h2>
      <p className={styles.intro}>
        Every Spotify listener can download their listening history. Bring it here and we'll rank your top 40
        artists of its last four weeks.
      </p>
      <details className={styles.guide}>
        <summary>How to get your data from Spotify</summary>
        <ol>
          <li>
            Open{' '}
            <a href="https://www.spotify.com/account/privacy/" target="_blank" rel="noopener noreferrer">
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
        </ol>
      </details>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.input}>
          Spotify data export
        </label>
        <input
          id={ids.input}
          className={styles.file}
          type="file"
          multiple
          accept=".zip,.json,application/zip,application/json"
          disabled={reading}
          aria-describedby={ids.hint}
          onChange={choose}
        />
        <p id={ids.hint} className={styles.hint}>
          The .zip Spotify emails you, or the StreamingHistory .json files inside it. Your file stays on this
          device: it is read here and nothing of it is uploaded.
        </p>
      </div>

      <div id={ids.status} className={styles.status} aria-live="polite">
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
              aria-label="Reading your export"
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
          Try a sample export
        </button>
      )}
    </div>
  );
}
