/** A token for the demo listener and their top artists' names, straight from the emulator (contracts.md). */
export async function demoListener(emulatorUrl: string): Promise<{ token: string; names: string[] }> {
  const tokenRes = await fetch(`${emulatorUrl}/_emulator/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ listenerId: 'demo-listener' }),
  });
  if (!tokenRes.ok) throw new Error(`emulator tokens answered ${tokenRes.status}`);
  const { access_token: token } = (await tokenRes.json()) as { access_token?: unknown };
  if (typeof token !== 'string') throw new Error('emulator gave no access token');
  const topRes = await fetch(`${emulatorUrl}/v1/me/top/artists?limit=50&time_range=short_term`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!topRes.ok) throw new Error(`emulator top artists answered ${topRes.status}`);
  const { items } = (await topRes.json()) as { items?: { name?: unknown }[] };
  const names = (items ?? []).map((a) => a.name).filter((n): n is string => typeof n === 'string');
  return { token, names: names.slice(0, 40) };
}
