import type { ExportKind } from '@heavy-rotation/music-exports';
import type { ReactNode } from 'react';
import { withParts } from '../../../components/ui/with-parts.tsx';
import { t } from '../../../i18n/i18n.ts';

/** What /upload says of one export, in the listener's language (docs/product.md, "The data exports"). */
interface ExportWords {
  /** The label of its file input. */
  label: string;
  guide: string;
  /** The guide's steps (list items), links and words in bold inside them. */
  steps: ReactNode[];
  hint: string;
  sample: string;
}

/** A step of a guide, keyed by its number: the steps never change order. */
const step = (key: string, parts: ReactNode) => <li key={key}>{parts}</li>;

const link = (words: string, href: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {words}
  </a>
);

/**
 * The words of an export's section, read when the screen renders as every text is: the package reads
 * the export, the app words it (docs/languages.md). A new export adds its case here and its messages.
 */
export function exportWords(kind: ExportKind): ExportWords {
  switch (kind) {
    case 'spotify':
      return {
        label: t('landing.export.spotify.label'),
        guide: t('landing.export.spotify.guide'),
        steps: [
          step(
            '1',
            withParts('landing.export.openAndSignIn', {
              link: link(
                t('landing.export.spotify.privacySettings'),
                'https://www.spotify.com/account/privacy/',
              ),
            }),
          ),
          step(
            '2',
            withParts('landing.export.spotify.step2', {
              accountData: <strong>{t('landing.export.spotify.accountData')}</strong>,
              extended: <strong>{t('landing.export.spotify.extended')}</strong>,
            }),
          ),
          step('3', t('landing.export.spotify.step3')),
          step('4', t('landing.export.spotify.step4')),
        ],
        hint: t('landing.export.spotify.hint'),
        sample: t('landing.export.spotify.sample'),
      };
    case 'apple':
      return {
        label: t('landing.export.apple.label'),
        guide: t('landing.export.apple.guide'),
        steps: [
          step(
            '1',
            withParts('landing.export.apple.step1', {
              link: link(t('landing.export.apple.privacyPage'), 'https://privacy.apple.com/'),
            }),
          ),
          step(
            '2',
            withParts('landing.export.apple.step2', {
              request: <strong>{t('landing.export.apple.requestCopy')}</strong>,
              media: <strong>{t('landing.export.apple.mediaServices')}</strong>,
            }),
          ),
          step('3', t('landing.export.apple.step3')),
          step('4', t('landing.export.apple.step4')),
        ],
        hint: t('landing.export.apple.hint'),
        sample: t('landing.export.apple.sample'),
      };
    case 'youtube':
      return {
        label: t('landing.export.youtube.label'),
        guide: t('landing.export.youtube.guide'),
        steps: [
          step(
            '1',
            withParts('landing.export.openAndSignIn', {
              link: link('Google Takeout', 'https://takeout.google.com/'),
            }),
          ),
          step(
            '2',
            withParts('landing.export.youtube.step2', {
              deselect: <strong>{t('landing.export.youtube.deselectAll')}</strong>,
              folder: <strong>{t('landing.export.youtube.folder')}</strong>,
            }),
          ),
          step(
            '3',
            withParts('landing.export.youtube.step3', {
              formats: <strong>{t('landing.export.youtube.multipleFormats')}</strong>,
              json: <strong>JSON</strong>,
              included: <strong>{t('landing.export.youtube.allDataIncluded')}</strong>,
              history: <strong>{t('landing.export.youtube.history')}</strong>,
            }),
          ),
          step('4', t('landing.export.youtube.step4')),
        ],
        hint: t('landing.export.youtube.hint'),
        sample: t('landing.export.youtube.sample'),
      };
  }
}
