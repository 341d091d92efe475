// Types of compiled-cli.mjs (plain JavaScript: it runs before anything can compile TypeScript).
export declare const COMPILED_STAMP: string;
/** Whether dist/cli is at least as new as every TypeScript source it is compiled from. */
export declare function compiledCliIsCurrent(root: string): boolean;
/** The newest modification time of the sources the CLI is compiled from (0 when there are none). */
export function newestCliSource(root: string): number;
/** The compiled CLI's build time, or null when it was never built. */
export function compiledCliBuiltAt(root: string): number | null;
