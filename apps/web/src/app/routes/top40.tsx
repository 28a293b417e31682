import { type Artist, createClient, getMyTopArtists } from '@heavy-rotation/spotify';
import { useEffect, useState } from 'react';
import { loadConfig } from '../../config/app-config.ts';
import { KEYS } from '../../lib/session.ts';

export function Top40Route() {
  const [artists, setArtists] = useState<Artist[]>();
  useEffect(() => {
    loadConfig()
      .then((config) => {
        const client = createClient({
          baseUrl: config.spotifyApiUrl,
          getAccessToken: () => localStorage.getItem(KEYS.accessToken) ?? '',
        });
        return getMyTopArtists(client, { limit: 50, time_range: 'short_term' });
      })
      .then((page) => setArtists(page.items.slice(0, 40)));
  }, []);
  if (!artists) return <p>Loading your top artists...</p>;
  return (
    <main>
      <h1>My Top 40</h1>
      <ol>
        {artists.map((a) => (
          <li key={a.id}>{a.name}</li>
        ))}
      </ol>
    </main>
  );
}
