import { loadLanguage } from './i18n.ts';

await loadLanguage('en');
