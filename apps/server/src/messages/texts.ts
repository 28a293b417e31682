import { loadTexts } from '../http/texts.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es-419.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt-BR.json' with { type: 'json' };

/**
 * The templates of the success lines and the welcome, in the listener's language (docs/languages.md,
 * "Catalogs"): what answers when no generator is configured, for a guest, or when the
 * generator fails.
 */
export const messageText = loadTexts({ en, 'es-419': es, 'pt-BR': pt, fr, de, ja });

export type MessageTextId = Parameters<typeof messageText>[1];
