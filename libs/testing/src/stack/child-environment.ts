/**
 * The environment of a service or CLI started by the stack: only what we set, plus PATH. Nothing
 * else of ours leaks in, so a process is configured exactly as a deployment would configure it.
 */
export function childEnvironment(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', ...settings };
}
