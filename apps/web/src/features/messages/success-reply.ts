import type { SuccessReply } from '@heavy-rotation/contracts';

/** The lines of a generate-success-message reply by artist name; empty lines are left out. */
export function messagesOf(reply: SuccessReply): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { artistName, message } of reply.results) if (message) messages[artistName] = message;
  return messages;
}
