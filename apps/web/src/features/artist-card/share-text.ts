const DEFAULT_MESSAGE = "You don't miss a beat.";

/** docs/product.md, "The list card and the share view": the message under the card, with a full stop unless it already ends in . ! or ?. */
export function cardMessage(message: string | undefined): string {
  const text = message?.trim() || DEFAULT_MESSAGE;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The share text (docs/product.md, "The list card and the share view"). */
export function artistShareText(name: string, rank: number): string {
  return `${name} is my #${rank} artist right now– who's yours?`;
}

/** The page title (docs/product.md, "Screens and routes") of the share view (a hyphen, unlike the other screens' dash). */
export function shareTitle(productName: string): string {
  return `${productName} - Your Top Spotify Artists`;
}
