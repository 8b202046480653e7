/**
 * The first `maxUnits` UTF-16 code units of `text`, never ending in half a surrogate pair: a cut
 * emoji would leave a lone surrogate, which has no UTF-8 encoding (operators and jsonb refuse it).
 */
export function truncateText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  const cut = text.slice(0, maxUnits);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
