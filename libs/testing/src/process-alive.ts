import { readFileSync } from 'node:fs';

/** Alive and not a zombie (an orphan's exit may wait for a reaper this container lacks). */
export function processAlive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
}
