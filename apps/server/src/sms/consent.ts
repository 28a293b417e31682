// The consent text itself lives in @heavy-rotation/contracts, shared with the phone sheet.

/** Replies that stop messages to a number, and those that lift the stop (the carriers' keywords). */
export const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
export const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);
