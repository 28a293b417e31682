import { loadTexts } from '../http/texts.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es-419.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt-BR.json' with { type: 'json' };

/**
 * What the challenge links say, in the visitor's language (docs/languages.md, "Catalogs"): the
 * page head a link preview shows, and the refusals the challenge dialog shows as they are.
 */
export const challengeText = loadTexts({ en, 'es-419': es, 'pt-BR': pt, fr, de, ja });
