/** All of standard input, as UTF-8 (a password piped in with --password-stdin). */
export function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

/** A password piped in: one line, its line ending dropped. */
export async function readPasswordFromStdin(): Promise<string> {
  return (await readStdin()).replace(/\r?\n$/, '');
}
