import type * as admin from '@heavy-rotation/contracts/admin';

export const COLOURS = ['#1ed760', '#4da3ff', '#ffb020', '#ff6ad5', '#b388ff'];

export interface Group {
  title: string;
  series: [key: string, label: string][];
  /** A share the card states in words: `of` out of `per`. */
  share?: { of: string; per: string; words: string };
}

export const GROUPS: Group[] = [
  {
    title: 'Sign-ins by source',
    series: [
      ['sign_in:spotify', 'Spotify'],
      ['sign_in:lastfm', 'Last.fm'],
      ['sign_in:listenbrainz', 'ListenBrainz'],
      ['sign_in:export', 'Data export'],
    ],
  },
  { title: 'Page views', series: [['page_view', 'Page views']] },
  {
    title: 'Quiz',
    series: [
      ['quiz_guess:right', 'Right guesses (unlocks)'],
      ['quiz_guess:wrong', 'Wrong guesses'],
      ['first_unlock', 'First unlocks'],
    ],
  },
  {
    title: 'Shares',
    series: [
      ['share:first', 'First shares'],
      ['share:again', 'Later shares'],
    ],
  },
  {
    title: 'Friend challenges',
    series: [
      ['challenge_created', 'Links made'],
      ['challenge_opened', 'Links opened'],
      ['challenge_guess:right', 'Right guesses'],
      ['challenge_guess:wrong', 'Wrong guesses'],
      ['challenge_finished', 'Games finished'],
    ],
  },
  {
    title: 'Phone gate',
    series: [
      ['sms_gate_view', 'Shown'],
      ['sms_phone_submitted', 'Number given'],
      ['sms_gate_skipped', 'Skipped'],
    ],
  },
  {
    // Codes texted that never come back are what texts pumped for a fee look like (docs/operator.md, "Stats").
    title: 'Codes texted',
    series: [
      ['sms_code_sent', 'Texted'],
      ['sms_code_confirmed', 'Confirmed'],
      ['sms_code_refused:number', 'Refused: country or kind of number'],
      ['sms_code_refused:limit', 'Refused: limits'],
      ['sms_code_refused:paused', 'Refused: texts paused'],
    ],
    share: { of: 'sms_code_confirmed', per: 'sms_code_sent', words: 'codes texted came back' },
  },
  { title: 'Waitlist signups', series: [['waitlist_signup', 'Signups']] },
];

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** "12 of 40 codes texted came back (30 %)". */
export function shareOf(data: admin.StatsReply, share: NonNullable<Group['share']>): string {
  const [of, per] = [sum(data.series[share.of] ?? []), sum(data.series[share.per] ?? [])];
  const percent = per === 0 ? '' : ` (${Math.round((of / per) * 100)} %)`;
  return `${of.toLocaleString('en-GB')} of ${per.toLocaleString('en-GB')} ${share.words}${percent}`;
}
