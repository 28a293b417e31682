// The product's own artwork as SVG source. draw-artwork.ts writes the vector files and renders
// the raster ones (icons, link preview) from these.

/** The brand gradient, red to violet, the same steps as the ranked list. */
export const BRAND = ['#ff2d55', '#ff7a00', '#ffd000', '#22c55e', '#2f80ff', '#8b5cf6'] as const;
const FONT = "'Liberation Sans', 'Helvetica Neue', Arial, system-ui, sans-serif";
/** The previews' words come in every language: Japanese takes its glyphs from Noto's CJK font. */
const PREVIEW_FONT = "'Liberation Sans', 'Noto Sans CJK JP', 'Helvetica Neue', Arial, system-ui, sans-serif";
/** The widest a preview's line may be: from its left margin to just before the ranked bars. */
export const PREVIEW_LINE_WIDTH = 530;

const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

function stops(): string {
  return BRAND.map(
    (c, i) => `<stop offset="${(i / (BRAND.length - 1)).toFixed(2)}" stop-color="${c}"/>`,
  ).join('');
}

/** A record with grooves and a label: the mark that stands for the app. */
function disc(cx: number, cy: number, r: number, fill: string, label: string): string {
  const grooves = [0.86, 0.72, 0.58]
    .map(
      (f) =>
        `<circle cx="${cx}" cy="${cy}" r="${r * f}" fill="none" stroke="${label}" stroke-opacity="0.35" stroke-width="${r * 0.03}"/>`,
    )
    .join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>${grooves}
  <circle cx="${cx}" cy="${cy}" r="${r * 0.34}" fill="${label}"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.08}" fill="${fill}"/>`;
}

/** White wordmark on transparent: the login background tints it by drawing it as a mask. */
export function wordmarkSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 120" width="420" height="120">
  <title>Heavy Rotation</title>
  <defs><mask id="m"><rect width="120" height="120" fill="#fff"/>
    <circle cx="60" cy="60" r="40" fill="none" stroke="#000" stroke-width="3"/>
    <circle cx="60" cy="60" r="30" fill="none" stroke="#000" stroke-width="3"/>
    <circle cx="60" cy="60" r="8" fill="#000"/></mask></defs>
  <g fill="#fff">
    <circle cx="60" cy="60" r="52" mask="url(#m)"/>
    <text x="128" y="58" font-family="${FONT}" font-weight="700" font-size="46" letter-spacing="1">HEAVY</text>
    <text x="128" y="106" font-family="${FONT}" font-weight="700" font-size="46" letter-spacing="1">ROTATION</text>
  </g>
</svg>`;
}

/** The app icon: a gradient disc on the dark background; `safe` shrinks it into the maskable zone. */
export function iconSvg(size: number, safe = false): string {
  const r = safe ? size * 0.3 : size * 0.4;
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">
  <title>Heavy Rotation</title>
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops()}</linearGradient></defs>
  <rect width="${size}" height="${size}" fill="#0b0b0f"/>
  ${disc(c, c, r, 'url(#g)', '#0b0b0f')}
</svg>`;
}

/** Three podium blocks in the brand colours with ranks 2, 1, 3. */
export function podiumSvg(): string {
  const block = (x: number, h: number, colour: string, rank: number) =>
    `<rect x="${x}" y="${300 - h}" width="150" height="${h}" rx="14" fill="${colour}"/>
     <text x="${x + 75}" y="${300 - h + 78}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="64" fill="#0b0b0f">${rank}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="480" height="320">
  <title>Podium</title>
  ${block(12, 170, BRAND[1], 2)}${block(165, 240, BRAND[0], 1)}${block(318, 120, BRAND[2], 3)}
  ${disc(240, 30, 26, '#f5f5f7', BRAND[5])}
  <rect x="0" y="300" width="480" height="8" rx="4" fill="#2a2a36"/>
</svg>`;
}

/** The help picture: rows of a list, two locked, a guess unlocking one. */
export function helpSvg(): string {
  const row = (y: number, w: number, colour: string, locked: boolean, label: string) =>
    `<rect x="20" y="${y}" width="${w}" height="52" rx="14" fill="${colour}"/>
     <rect x="30" y="${y + 8}" width="36" height="36" rx="6" fill="${locked ? '#0b0b0f' : '#ffffff'}" fill-opacity="${locked ? 0.35 : 0.9}"/>
     ${locked ? `<rect x="80" y="${y + 20}" width="${w * 0.45}" height="12" rx="6" fill="#0b0b0f" fill-opacity="0.35"/>` : `<text x="80" y="${y + 34}" font-family="${FONT}" font-weight="700" font-size="20" fill="#0b0b0f">${label}</text>`}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 260" width="400" height="260">
  <title>Guess an artist to unlock it</title>
  <rect width="400" height="260" rx="24" fill="#17171f"/>
  ${row(20, 360, BRAND[0], true, '')}${row(84, 352, BRAND[1], false, 'Unlocked!')}${row(148, 344, BRAND[2], true, '')}
  <rect x="20" y="208" width="250" height="36" rx="18" fill="#22222d"/>
  <text x="38" y="232" font-family="${FONT}" font-size="16" fill="#a1a1b3">Guess an artist</text>
  <rect x="282" y="208" width="98" height="36" rx="18" fill="#1ed760"/>
  <text x="331" y="232" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="16" fill="#06120a">Guess</text>
</svg>`;
}

interface Preview {
  /** The headline's two lines, then the two lines under its rule. */
  text: readonly [string, string, string, string];
  /** The headline's font size. */
  size: number;
  /** Where the headline's lines, the rule and the two lines under it sit. */
  ys: [number, number, number, number, number];
  /** What each of the six bars on the right shows after its rank (a locked one's `?`). */
  bar?: (width: number, y: number) => string;
  opacity?: string;
}

/**
 * A 1200x630 link preview: the disc, a headline over the brand's rule, two lines, six ranked bars. Each
 * line's `data-fit` names its group: draw-artwork.ts shrinks a group whose longest line is wider than
 * PREVIEW_LINE_WIDTH (German's lines run long), all its lines alike.
 */
function previewSvg({ text, size, ys, bar = () => '', opacity = '' }: Preview): string {
  const [head1, head2, line, hint] = text.map(escapeXml);
  const bars = Array.from({ length: 6 }, (_, i) => {
    const w = 520 - i * 40;
    const y = 120 + i * 66;
    return `<rect x="640" y="${y}" width="${w}" height="50" rx="14" fill="${BRAND[i]}"${opacity}/>
      <text x="662" y="${y + 34}" font-family="${FONT}" font-weight="700" font-size="26" fill="#0b0b0f">#${i + 1}</text>${bar(w, y)}`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="0">${stops()}</linearGradient>
    <radialGradient id="glow" cx="0.2" cy="0.2" r="0.9"><stop offset="0" stop-color="#2a1440"/><stop offset="1" stop-color="#0b0b0f"/></radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#glow)"/>
  ${disc(150, 150, 70, 'url(#g)', '#0b0b0f')}
  <text data-fit="head" x="70" y="${ys[0]}" font-family="${PREVIEW_FONT}" font-weight="700" font-size="${size}" fill="#f5f5f7">${head1}</text>
  <text data-fit="head" x="70" y="${ys[1]}" font-family="${PREVIEW_FONT}" font-weight="700" font-size="${size}" fill="#f5f5f7">${head2}</text>
  <rect x="70" y="${ys[2]}" width="480" height="10" rx="5" fill="url(#g)"/>
  <text data-fit="line" x="70" y="${ys[3]}" font-family="${PREVIEW_FONT}" font-size="34" fill="#c9c9d6">${line}</text>
  <text data-fit="hint" x="70" y="${ys[4]}" font-family="${PREVIEW_FONT}" font-size="26" fill="#8a8aa0">${hint}</text>
  ${bars}
</svg>`;
}

/** The 1200x630 link preview: the name (the same in every language), then a line and a hint in `words`. */
export function ogSvg(words: readonly [line: string, hint: string]): string {
  const text: Preview['text'] = ['HEAVY', 'ROTATION', ...words];
  return previewSvg({ text, size: 84, ys: [330, 420, 448, 520, 566] });
}

/** A challenge link's preview (1200x630): locked ranks only, so no artist is in it. */
export function challengeSvg(
  words: readonly [headline1: string, headline2: string, line: string, hint: string],
): string {
  return previewSvg({
    text: words,
    size: 76,
    ys: [330, 414, 442, 512, 558],
    bar: (w, y) => `
      <text x="${640 + w - 44}" y="${y + 36}" font-family="${FONT}" font-weight="700" font-size="32" fill="#0b0b0f">?</text>`,
    opacity: ' opacity="0.9"',
  });
}
