// Types of compiled-cli.mjs (plain JavaScript: it runs before anything can compile TypeScript).
export declare const COMPILED_STAMP: string;
/** Whether dist/cli is at least as new as every TypeScript source it is compiled from. */
export declare function compiledCliIsCurrent(root: string): boolean;
