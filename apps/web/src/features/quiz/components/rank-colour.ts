/** The fixed red-to-violet step for a 0-based rank of a list of up to 40. */
export function rankColour(index: number): string {
  const hue = Math.round((Math.min(Math.max(index, 0), 39) / 39) * 280);
  return `hsl(${hue} 85% 58%)`;
}
