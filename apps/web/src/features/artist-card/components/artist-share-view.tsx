import type { Artist } from '@heavy-rotation/spotify';
import { useCallback, useEffect, useState } from 'react';
import { ArtistPicture } from '../../../components/ui/artist-picture.tsx';
import { ClipPlayer } from '../../../components/ui/clip-player.tsx';
import { CloseButton, FullScreenDialog } from '../../../components/ui/full-screen-dialog.tsx';
import { StoryShareButton } from '../../../components/ui/story-share-button.tsx';
import { loadedConfig } from '../../../config/app-config.ts';
import { t } from '../../../i18n/i18n.ts';
import { imageUrl as pickImage } from '../../../lib/artist-image.ts';
import { EXPORT_LABEL } from '../../../lib/export-listener.ts';
import { currentListener } from '../../../lib/listener.ts';
import { playsOf, playsText } from '../../../lib/plays.ts';
import { SOURCE_LABEL } from '../../../lib/source-session.ts';
import { textOn, toCss } from '../dominant-colour.ts';
import { drawArtistStory } from '../draw-artist-story.ts';
import { artistShareText, cardMessage } from '../share-text.ts';
import { withCampaign } from '../spotify-link.ts';
import { useDominantColour, useShareHead, useSpotifyLink } from '../use-share-view-data.ts';
import styles from './artist-share-view.module.css';
import { OpenInSpotify } from './open-in-spotify.tsx';

export interface ArtistShareViewProps {
  artist: Artist;
  /** 1-based rank. */
  rank: number;
  message: string | undefined;
  onClose: () => void;
}

const TOAST_MS = 3000;

/** The artist share view (docs/product.md, "The list card and the share view"): the artist's card in its dominant colour, the provider link and Share. */
export function ArtistShareView({ artist, rank, message, onClose }: ArtistShareViewProps) {
  const productName = loadedConfig()?.productName ?? 'Heavy Rotation';
  // The card shows the image at 240 px: twice that for sharp screens.
  const imageUrl = pickImage(artist.images, 480);
  const colour = useDominantColour(imageUrl);
  // Another source's artist links to Spotify when that source knows the way, else to its own page.
  // An export's artist carries its service's search link; nothing is asked of Spotify for a guest.
  const listener = currentListener();
  const source =
    listener.kind === 'source'
      ? SOURCE_LABEL[listener.session.source]
      : listener.kind === 'export'
        ? EXPORT_LABEL[listener.guest.kind]
        : null;
  const spotify = artist.external_urls?.spotify;
  const linkLabel = !source || spotify ? 'Spotify' : source;
  const plays = playsOf(artist);
  const link = useSpotifyLink(artist.id, source ? (spotify ?? artist.href) : undefined);
  const text = artistShareText(artist.name, rank);
  const line = cardMessage(message);
  const [toast, setToast] = useState(false);
  useShareHead(productName, text);

  useEffect(() => {
    if (link.status !== 'failed') return;
    setToast(true);
    const timer = setTimeout(() => setToast(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [link.status]);

  const render = useCallback(
    () =>
      colour
        ? drawArtistStory({ name: artist.name, rank, message: line, imageUrl, colour, productName })
        : Promise.reject(new Error('No colour yet')),
    [artist.name, rank, line, imageUrl, colour, productName],
  );

  const backLink =
    link.status === 'ready'
      ? link.href
      : withCampaign(artist.external_urls?.spotify ?? (source ? artist.href : ''), productName);
  const style = colour ? { '--dominant': toCss(colour), '--on-dominant': textOn(colour) } : undefined;

  return (
    <FullScreenDialog
      label={t('artist.dialogLabel', { name: artist.name, rank })}
      onClose={onClose}
      style={style}
    >
      <div className={colour ? styles.screen : `${styles.screen} ${styles.pending}`}>
        <div className={styles.top}>
          <OpenInSpotify link={link} label={linkLabel} />
          <CloseButton onClose={onClose} />
        </div>
        {toast ? (
          <p className={styles.toast} role="alert">
            {t('artist.openFailed', { service: linkLabel })}
          </p>
        ) : null}
        {colour ? (
          <>
            <div className={styles.centre} data-dominant={toCss(colour)}>
              <div className={styles.card}>
                <h2 className={styles.name} dir="auto">
                  {artist.name}
                </h2>
                <ArtistPicture className={styles.image} src={imageUrl} size={240} />
                <div className={styles.footer}>
                  <p className={styles.rank}>{t('artist.rank', { rank })}</p>
                  {backLink ? (
                    <a
                      className={styles.attribution}
                      href={backLink}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('artist.listenOn', { service: linkLabel })}
                    </a>
                  ) : (
                    <span className={styles.attribution}>{linkLabel}</span>
                  )}
                </div>
              </div>
              {plays ? <p className={styles.plays}>{playsText(plays)}</p> : null}
              <p className={styles.message}>{line}</p>
              <div className={styles.clip}>
                <ClipPlayer name={artist.name} />
              </div>
            </div>
            <div className={styles.bottom}>
              <StoryShareButton render={render} fileName={`my-number-${rank}-artist.jpg`} text={text} />
            </div>
          </>
        ) : (
          <p className={styles.loading} role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    </FullScreenDialog>
  );
}
