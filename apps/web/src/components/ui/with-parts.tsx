import { Fragment, type ReactNode } from 'react';
import { t } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/keys.ts';

// A character no message holds (Unicode's private use area): it marks where a part goes.
const MARK = '\uE000';

/**
 * A message with elements inside it (a link, words in bold): each `{name}` of the message is the part of
 * that name, so a language puts the link where its sentence wants it (docs/languages.md).
 */
export function withParts(id: MessageId, parts: Record<string, ReactNode>): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  // Odd pieces are the names between two marks; each name is in a message once, so it keys its part.
  return t(id, marks)
    .split(MARK)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={piece}>{parts[piece]}</Fragment> : piece));
}
