import {
  type ExportKind,
  type ExportResult,
  type ExportService,
  type GuidePart,
  SERVICES,
} from '@heavy-rotation/music-exports';
import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { useExportImport } from '../use-export-import.ts';
import styles from './export-upload.module.css';

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const wordsOf = (part: GuidePart) =>
  typeof part === 'string' ? part : 'strong' in part ? part.strong : part.link;

/** A step of a guide: its words, in bold or as a link where the export's words say. */
function Step({ parts }: { parts: readonly GuidePart[] }) {
  return (
    <li>
      {parts.map((part) => {
        if (typeof part === 'string') return part;
        if ('strong' in part) return <strong key={part.strong}>{part.strong}</strong>;
        return (
          <a key={part.link} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.link}
          </a>
        );
      })}
    </li>
  );
}

/**
 * One export on /upload (docs/product.md, "The data exports"): how to get it, its file input, a sample to
 * try, and the reading with its progress and Cancel, in the export's own words (its module in
 * packages/music-exports). Nothing leaves the device.
 */
function ExportSection({
  service,
  onImported,
}: {
  service: ExportService<ExportKind>;
  onImported: (result: ExportResult) => void;
}) {
  const ids = { input: useId(), hint: useId(), title: useId() };
  const { state, start, cancel, sample } = useExportImport(service, onImported);
  const reading = state.status === 'reading';
  const words = service.upload;

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
        <ol>
          {words.steps.map((parts) => (
            <Step key={parts.map(wordsOf).join('')} parts={parts} />
          ))}
        </ol>
      </details>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.input}>
          {service.label}
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
          {words.sample.label}
        </button>
      )}
    </section>
  );
}

/**
 * /upload's exports under one heading: Spotify, Apple Music and YouTube Music. Files stay on this
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
      {SERVICES.map((service) => (
        <ExportSection key={service.kind} service={service} onImported={onImported} />
      ))}
    </div>
  );
}
