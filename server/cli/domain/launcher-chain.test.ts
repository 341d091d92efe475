import { describe, expect, it } from "vitest";
import { launcherChain } from "./launcher-chain";

const sh = { pid: 20, command: "sh -c node bin/verdict.mjs import judgments x.csv" };
const npm = { pid: 10, command: "npm run verdict -- import judgments x.csv" };
const npmByPath = { pid: 11, command: "node /usr/lib/node_modules/npm/bin/npm-cli.js run verdict" };
const bash = { pid: 5, command: "-bash" };

describe("launcherChain", () => {
  it("watches the shell and npm when npm launched the command", () => {
    expect(launcherChain([sh, npm, bash], true).map((p) => p.pid)).toEqual([20, 10]);
    expect(launcherChain([sh, npmByPath, bash], true).map((p) => p.pid)).toEqual([20, 11]);
  });
  it("watches nothing when run directly, or when no npm is found among the ancestors", () => {
    expect(launcherChain([bash], false)).toEqual([]);
    expect(launcherChain([sh, bash], true)).toEqual([]);
  });
  it("watches the process that ran the command again (one malloc arena), and npm above it when npm launched that", () => {
    const relauncher = { pid: 30, command: "node bin/verdict.mjs import judgments x.csv" };
    expect(launcherChain([relauncher, bash], false, 30).map((p) => p.pid)).toEqual([30]);
    expect(launcherChain([relauncher, sh, npm, bash], true, 30).map((p) => p.pid)).toEqual([30, 20, 10]);
    // A parent that is not the one named (it ended, and this process was adopted): nothing to watch here.
    expect(launcherChain([bash], false, 30)).toEqual([]);
  });
  it("does not take a path or argument that merely contains npm for npm", () => {
    expect(launcherChain([{ pid: 3, command: "node /srv/npmjs-mirror/x.js" }, npm], true).map((p) => p.pid)).toEqual([3, 10]);
  });
});
