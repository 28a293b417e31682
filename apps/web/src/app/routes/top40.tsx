import { useTopArtists } from '../../features/top-artists/use-top-artists.ts';

export function Top40Route() {
  const { status, artists } = useTopArtists();
  if (status === 'loading') return <p>Loading your top artists...</p>;
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
