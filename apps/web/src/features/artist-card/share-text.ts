import { t } from '../../i18n/i18n.ts';

/** docs/product.md, "The list card and the share view": the message under the card, with a full stop unless it already ends in . ! or ?. */
export function cardMessage(message: string | undefined): string {
  const text = message?.trim() || t('messages.default');
  // A sentence already ended, in any script (Japanese ends with 。！？), gets no second full stop.
  return /[.!?。！？…]$/u.test(text) ? text : `${text}.`;
}

/** The share text (docs/product.md, "The list card and the share view"). */
export function artistShareText(name: string, rank: number): string {
  return t('artist.shareText', { name, rank });
}

/** The page title (docs/product.md, "Screens and routes") of the share view (a hyphen, unlike the other screens' dash). */
export function shareTitle(productName: string): string {
  return t('artist.shareTitle', { productName });
}
