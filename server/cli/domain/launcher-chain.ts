// Which processes the `verdict` command must not outlive. Started through `npm run verdict`, the
// process doing the work sits below a shell that sits below npm: a SIGKILL to npm (the process the
// user started) reaches neither child, and an import would go on writing after its command was
// killed. So the command watches every ancestor up to the npm that launched it.

export interface ProcessInfo {
  pid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

const isNpm = (command: string) => /(^|[\s/])npm(-cli\.js)?(\s|$)/.test(command);

/**
 * The ancestors to watch, nearest first, from the chain of ancestors (nearest first). Launched by
 * npm: every process up to and including that npm. Run again by `bin/verdict.mjs` (an import with
 * one malloc arena, bin/one-malloc-arena.mjs), whose pid is `relaunchedBy`: at least that process,
 * the one the user started. Otherwise none: a command run from a shell, under nohup or by a
 * supervisor may outlive whatever started it, as any Unix command does.
 */
export function launcherChain(ancestors: ProcessInfo[], launchedByNpm: boolean, relaunchedBy?: number): ProcessInfo[] {
  const npmAt = launchedByNpm ? ancestors.findIndex((p) => isNpm(p.command)) : -1;
  if (npmAt >= 0) return ancestors.slice(0, npmAt + 1);
  return relaunchedBy !== undefined && ancestors[0]?.pid === relaunchedBy ? ancestors.slice(0, 1) : [];
}
