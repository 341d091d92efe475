// Types of one-malloc-arena.mjs (plain JavaScript: it runs before anything can compile TypeScript).
/** The variable that tells the process run again which process ran it (its parent). */
export declare const RELAUNCHED_BY: string;
/** Whether this process runs on glibc (the C library whose malloc reads MALLOC_ARENA_MAX). */
export declare function isGlibc(): boolean;
/** Whether to run the command with these arguments again with one malloc arena (a local import on glibc). */
export declare function wantsOneMallocArena(args: readonly string[], env: Record<string, string | undefined>): boolean;
/** Runs this same command again with one malloc arena and ends as it ends. */
export declare function runWithOneMallocArena(): void;
