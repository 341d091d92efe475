// Vitest runs server code outside Next, where the "server-only" guard has nothing to guard.
export {};
