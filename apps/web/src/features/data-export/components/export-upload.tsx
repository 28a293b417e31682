import {
  type ExportKind,
  type ExportResult,
  type ExportService,
  SERVICES,
} from '@heavy-rotation/music-exports';
import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { formatNumber, t } from '../../../i18n/i18n.ts';
import { exportProblemText } from '../export-problems.ts';
import { useExportImport } from '../use-export-import.ts';
import styles from './export-upload.module.css';
import { exportWords } from './export-words.tsx';

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? t('landing.upload.kilobytes', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) })
    : t('landing.upload.megabytes', {
        size: formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      });
}

/**
 * One export on /upload (docs/product.md, "The data exports"): how to get it, its file input, a sample to
 * try, and the reading with its progress and Cancel, in the listener's language (export-words.tsx; what
 * reads it is its module in packages/music-exports). Nothing leaves the device.
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
  const words = exportWords(service.kind);
  const { id, title, accept } = service.upload;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after a problem reads it again.
    event.target.value = '';
    start(files);
  };

  const percent =
    reading && state.total > 0 ? Math.min(100, Math.round((state.read / state.total) * 100)) : 0;

  return (
    <section id={id} className={styles.section} aria-labelledby={ids.title}>
      <h3 id={ids.title} className={styles.heading}>
        {title}
      </h3>
      <details className={styles.guide}>
        <summary>{words.guide}</summary>
        <ol>{words.steps}</ol>
      </details>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.input}>
          {words.label}
        </label>
        <input
          id={ids.input}
          className={styles.file}
          type="file"
          multiple
          accept={accept}
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
              {state.total > 0
                ? t('landing.upload.readingSize', {
                    file: state.file,
                    read: megabytes(state.read),
                    total: megabytes(state.total),
                  })
                : state.sample
                  ? t('landing.upload.readingSample')
                  : t('landing.upload.readingFile', { file: state.file })}
            </p>
            <progress
              className={styles.progress}
              max={100}
              value={state.total > 0 ? percent : undefined}
              aria-label={t('landing.upload.readingExport', { service: title })}
            />
          </>
        ) : null}
        {state.status === 'idle' && state.cancelled ? (
          <p className={styles.notice}>{t('landing.upload.cancelled')}</p>
        ) : null}
      </div>
      {state.status === 'problem' ? (
        <p className={styles.error} role="alert">
          {exportProblemText(state.code, state.values)}
        </p>
      ) : null}

      {reading ? (
        <button type="button" className={styles.secondary} onClick={cancel}>
          {t('common.cancel')}
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
 * /upload's exports under one heading: Spotify, Apple Music and YouTube Music. Files stay on this
 * device: each is read here and nothing of it is uploaded.
 */
export function ExportUpload({ onImported }: { onImported: (result: ExportResult) => void }) {
  return (
    <div className={styles.upload}>
      <h2 className={styles.title}>{t('landing.upload.title')}</h2>
      <p className={styles.intro}>{t('landing.upload.intro')}</p>
      {SERVICES.map((service) => (
        <ExportSection key={service.kind} service={service} onImported={onImported} />
      ))}
    </div>
  );
}
