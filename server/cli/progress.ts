// A progress bar on standard error: redrawn in place on a terminal, a line per 10% otherwise.
export function progressBar(label: string): (done: number, total: number, phase?: string) => void {
  let lastTenth = -1;
  let lastPhase: string | undefined;
  let open = false; // a terminal line drawn and not yet ended
  return (done, total, phase) => {
    if (phase !== lastPhase) {
      // A new phase starts its own count, on a line of its own (the last one may have ended short of 100%).
      if (open) process.stderr.write("\n");
      lastPhase = phase;
      lastTenth = -1;
    }
    const fraction = total > 0 ? done / total : 1;
    const name = phase ? `${label} (${phase})` : label;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(`\r${name} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`);
      open = done < total;
      if (!open) process.stderr.write("\n");
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${name}: ${tenth * 10}%\n`);
      }
    }
  };
}
