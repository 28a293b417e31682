/** Scopes a Web API call needs (any one of them), as Spotify's reference lists them. */
const RULES: [methods: string, path: RegExp, scopes: string[]][] = [
  ['GET', /^\/v1\/me\/top\//, ['user-top-read']],
  ['GET', /^\/v1\/me\/player\/recently-played$/, ['user-read-recently-played']],
  [
    'GET',
    /^\/v1\/me\/player\/(currently-playing|queue)$/,
    ['user-read-currently-playing', 'user-read-playback-state'],
  ],
  ['GET', /^\/v1\/me\/player(\/devices)?$/, ['user-read-playback-state']],
  ['PUT POST', /^\/v1\/me\/player(\/|$)/, ['user-modify-playback-state']],
  ['GET', /^\/v1\/me\/(tracks|albums|shows|episodes)(\/contains)?$/, ['user-library-read']],
  ['PUT DELETE', /^\/v1\/me\/(tracks|albums|shows|episodes|library)$/, ['user-library-modify']],
  ['GET', /^\/v1\/me\/library\/contains$/, ['user-library-read']],
  ['GET', /^\/v1\/me\/following(\/contains)?$/, ['user-follow-read']],
  ['PUT DELETE', /^\/v1\/me\/following$/, ['user-follow-modify']],
  [
    'POST PUT DELETE',
    /^\/v1\/(me|users\/[^/]+)\/playlists$|^\/v1\/playlists\//,
    ['playlist-modify-public', 'playlist-modify-private'],
  ],
];

/** True when the token's scopes allow the call. */
export function scopeAllows(granted: string, method: string, path: string): boolean {
  const rule = RULES.find(([methods, pattern]) => methods.split(' ').includes(method) && pattern.test(path));
  if (!rule) return true;
  const have = new Set(granted.split(/\s+/));
  return rule[2].some((s) => have.has(s));
}
