import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLanguage, pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it('takes the first preference spoken, by tag or by base language', () => {
    expect(pickLanguage(['pt-PT', 'en'])).toBe('pt-BR');
    expect(pickLanguage(['es-ES'])).toBe('es-419');
    expect(pickLanguage(['es-MX', 'de'])).toBe('es-419');
    expect(pickLanguage(['ja-JP'])).toBe('ja');
    expect(pickLanguage(['nl', 'de-AT', 'fr'])).toBe('de');
    expect(pickLanguage(['FR-ca'])).toBe('fr');
  });
  it('falls back to English', () => {
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['zh-CN', '*'])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('orders by weight and drops refused tags', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, fr;q=0.8, ja;q=0')).toEqual(['de-DE', 'fr', 'en']);
    expect(pickLanguage(acceptedLanguages('en;q=0.5, pt-BR;q=0.9'))).toBe('pt-BR');
  });
  it('reads nothing odd as a language', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';;,,q=1')).toEqual([]);
    expect(pickLanguage(acceptedLanguages('x'.repeat(5000)))).toBe('en');
    expect(isLanguage('de')).toBe(true);
    expect(isLanguage('de-DE')).toBe(false);
  });
});
