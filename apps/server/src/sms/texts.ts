import { loadTexts } from '../http/texts.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es-419.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt-BR.json' with { type: 'json' };

/**
 * What the texts' domain says, in the listener's language (docs/languages.md, "Catalogs"): the
 * texted code and every refusal the phone sheet shows. The consent words are not here: they are
 * versioned in @heavy-rotation/contracts (CONSENTS), shared with the sheet.
 */
export const smsText = loadTexts({ en, 'es-419': es, 'pt-BR': pt, fr, de, ja });
