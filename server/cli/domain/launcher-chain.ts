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
 * npm: every process up to and including that npm. Otherwise none: a command run from a shell,
 * under nohup or by a supervisor may outlive whatever started it, as any Unix command does.
 */
export function launcherChain(ancestors: ProcessInfo[], launchedByNpm: boolean): ProcessInfo[] {
  if (!launchedByNpm) return [];
  const npmAt = ancestors.findIndex((p) => isNpm(p.command));
  return npmAt < 0 ? [] : ancestors.slice(0, npmAt + 1);
}
