// Run by spotify-export.ts in a process of its own, so its peak memory is the parse's alone:
// parses the export at argv[2] as the export of argv[3] (spotify, apple or youtube) and prints
// { seconds, artists, maxRssMb, baseRssMb } as JSON.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { parseExport } from '@heavy-rotation/music-exports';

const path = process.argv[2] ?? '';
const kind = process.argv[3] === 'apple' || process.argv[3] === 'youtube' ? process.argv[3] : 'spotify';
const blob = await openAsBlob(path);
const baseRssMb = process.resourceUsage().maxRSS / 1024;
const started = performance.now();
const result = await parseExport([{ name: basename(path), size: blob.size, stream: () => blob.stream() }], {
  kind,
});
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    seconds,
    artists: result.artists.length,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    baseRssMb,
  }),
);
