import { describe, expect, it } from 'vitest';
import { answersData, corsApplies, isApiPath, PAGE_ROUTES, pageRoute } from './route-table.ts';

describe('the route table', () => {
  it('finds a page by its path, with or without a trailing slash, and no page for another path', () => {
    expect(pageRoute('/login')?.name).toBe('login');
    expect(pageRoute('/login/')?.name).toBe('login');
    expect(pageRoute('/')?.name).toBe('top40');
    expect(pageRoute('/about')).toBeUndefined();
    expect(new Set(PAGE_ROUTES.map((p) => p.name)).size).toBe(PAGE_ROUTES.length);
  });

  it('tells data paths from pages: the API, the configuration and the health checks', () => {
    expect(isApiPath('/functions/v1/generate-success-message')).toBe(true);
    expect(isApiPath('/api')).toBe(false);
    expect(isApiPath('/apikey')).toBe(false);
    expect(answersData('/app-config.json')).toBe(true);
    expect(answersData('/readyz')).toBe(true);
    expect(answersData('/login')).toBe(false);
    expect(answersData('/assets/app.js')).toBe(false);
  });

  it('works CORS out for the API folders themselves and below them, never for a page', () => {
    expect(corsApplies('/api')).toBe(true);
    expect(corsApplies('/rest/v1/user_profile')).toBe(true);
    expect(corsApplies('/app-config.json')).toBe(true);
    expect(corsApplies('/login')).toBe(false);
    expect(corsApplies('/apix')).toBe(false);
  });
});
