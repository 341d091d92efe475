// Preloaded (`node --import`) into a process a benchmark runs: prints the process's peak resident
// set, as the kernel counted it, when it exits. A sampler inside the process misses the peaks that
// fall within one long synchronous call (a SQLite statement of several seconds).
process.on("exit", () => {
  process.stderr.write(`\npeak-rss-bytes ${process.resourceUsage().maxRSS * 1024}\n`);
});
