/**
 * Writes a batch in one go; if that is refused, writes each item alone, one after the other in
 * arrival order, so that one bad item fails alone and the others keep the order they came in.
 * Answers one entry per item, in order: a value, or an Error for that item (MicroBatcher's flush).
 */
export async function wholeOrEachAlone<I, R>(items: I[], write: (items: I[]) => Promise<R[]>, onSplit?: (error: unknown) => void): Promise<(R | Error)[]> {
  try {
    return await write(items);
  } catch (error) {
    if (items.length === 1) return [asError(error)];
    onSplit?.(error);
    const alone: (R | Error)[] = [];
    for (const item of items) alone.push(await write([item]).then(([result]) => result, asError));
    return alone;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
