import { afterEach, describe, expect, it, vi } from "vitest";
import { progressBar } from "./progress";

describe("progressBar off a terminal", () => {
  const stderr = process.stderr as { isTTY?: boolean };
  const tty = stderr.isTTY;
  afterEach(() => {
    vi.restoreAllMocks();
    stderr.isTTY = tty;
  });

  it("prints a line per tenth, and each phase from its own start even when the last one stopped at the same tenth", () => {
    const lines: string[] = [];
    stderr.isTTY = false;
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => { lines.push(String(chunk)); return true; });
    const bar = progressBar("import judgments");
    bar(0, 10, "checking");
    bar(5, 10, "checking");
    bar(5, 10, "checking"); // the same tenth again: nothing
    bar(10, 10, "checking");
    bar(0, 1, "preparing"); // ends at 0%, and so does the next phase's first report
    bar(0, 4, "writing");
    bar(4, 4, "writing");
    bar(0, 1, "counting");
    bar(1, 1, "counting");
    expect(lines.join("")).toBe([
      "import judgments (checking): 0%", "import judgments (checking): 50%", "import judgments (checking): 100%",
      "import judgments (preparing): 0%", "import judgments (writing): 0%", "import judgments (writing): 100%",
      "import judgments (counting): 0%", "import judgments (counting): 100%", ""].join("\n"));
  });
});
