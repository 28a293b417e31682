export interface ArtistRecord {
  id: string;
  name: string;
}

export interface ListenerRecord {
  id: string;
  display_name: string;
  email?: string;
  allowed?: boolean;
  top_artists: string[];
}

export interface EmulatorData {
  artists: ArtistRecord[];
  listeners: ListenerRecord[];
}

const NAMES = [
  'Beyoncé',
  'The Weeknd',
  'AC/DC',
  'P!nk',
  'Billie Eilish',
  'Kendrick Lamar',
  'Taylor Swift',
  'Bad Bunny',
  'Florence + The Machine',
  'Simon & Garfunkel',
  'Radiohead',
  'Daft Punk',
  'SZA',
  'Frank Ocean',
  'Lorde',
  'Tame Impala',
  'The Beatles',
  'Fleetwood Mac',
  'Arctic Monkeys',
  'Dua Lipa',
  'Rosalía',
  'Björk',
  'Sigur Rós',
  'BTS',
  '宇多田ヒカル',
  'Stromae',
  'Tyler, The Creator',
  'Mac DeMarco',
  'Phoebe Bridgers',
  'Massive Attack',
  'Portishead',
  'Kraftwerk',
  'Nina Simone',
  'Aretha Franklin',
  'Prince',
  'David Bowie',
  'Lana Del Rey',
  'Mitski',
  'Khruangbin',
  'Earth, Wind & Fire',
  'Outkast',
  'Missy Elliott',
  'Charli xcx',
  'Robyn',
  'Caribou',
  'Four Tet',
  'Bon Iver',
  'Sufjan Stevens',
  'Angel Olsen',
  'King Gizzard & The Lizard Wizard',
];

export const demoData: EmulatorData = {
  artists: NAMES.map((name, i) => ({ id: `artist${String(i + 1).padStart(3, '0')}`, name })),
  listeners: [
    {
      id: 'demo-listener',
      display_name: 'Demo Listener',
      email: 'demo@example.com',
      top_artists: NAMES.map((_, i) => `artist${String(i + 1).padStart(3, '0')}`),
    },
  ],
};
