// The CLI against a running server (--server, --token): an HTTP server in this process serves the
// REST API's dispatcher over the test database, and the real `verdict` command talks to it. Its
// output matches the same command run on the database itself.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../seed/factories";
import { Canvas } from "../../seed/png";
import { dispatch } from "../api/dispatch";
import { asSessionUser, callerFor } from "../test/caller";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { runCliAsync } from "../test/run-cli";

const dir = mkdtempSync(path.join(os.tmpdir(), "verdict-remote-cli-"));

describe("the remote CLI", () => {
  let t: TestDatabase;
  let server: Server;
  let remote: Record<string, string>;
  let local: Record<string, string>;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    const researcher = asSessionUser(await makeUser(t.db, { role: "RESEARCHER" }));
    const token = (await callerFor(t.db, researcher).tokens.create({ name: "cli", scopes: ["read", "write"] })).secret;
    server = createServer(async (req, res) => {
      const body = req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream);
      const response = await dispatch(t.db, new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body, duplex: "half" } as RequestInit));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    remote = { VERDICT_SERVER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, VERDICT_TOKEN: token, DATABASE_URL: "file:/nonexistent/never-opened.db" };
    local = { DATABASE_URL: t.target.url };
  });
  afterAll(async () => { server?.close(); await t?.drop(); });

  it("imports material with its images as a bundle, creates and starts a study, and reports as the local command does", async () => {
    writeFileSync(path.join(dir, "square.png"), new Canvas(4, 4, [200, 0, 0]).toPng());
    writeFileSync(path.join(dir, "material.csv"), ["prompt_id,prompt,locale,category,modality,images,model,response",
      "r1,What colour?,en-US,Vision,image,square.png,Remote A,Red.", "r1,What colour?,en-US,Vision,image,square.png,Remote B,Blue.",
      "r2,Say hi.,en-US,Chat,text,,Remote A,Hi!", "r2,Say hi.,en-US,Chat,text,,Remote B,Hello."].join("\n"));
    const imported = await runCliAsync(["import", "material", path.join(dir, "material.csv"), "--prompt-set", "Remote set"], remote);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Imported 4 rows into prompt set "Remote set": 2 prompts, models Remote A, Remote B \(\d+\.\d s\)\.\n$/);
    expect(await t.db.attachment.count({ where: { prompt: { externalId: "r1" } } })).toBe(1);

    writeFileSync(path.join(dir, "study.json"), JSON.stringify({ name: "Remote study", type: "SIDE_BY_SIDE", models: ["Remote A", "Remote B"],
      promptSet: "Remote set", dimensions: ["overall"], redundancy: 1 }));
    const created = await runCliAsync(["study", "create", "--from", path.join(dir, "study.json")], remote);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created study "Remote study" \(\S+\) as a draft: 2 items\./);
    // The same file works on the database itself.
    writeFileSync(path.join(dir, "local-study.json"), JSON.stringify({ name: "Local study", type: "SINGLE_SIDED", models: ["Remote A"], promptSet: "Remote set", dimensions: ["overall"], redundancy: 2 }));
    const localCreate = await runCliAsync(["study", "create", "--from", path.join(dir, "local-study.json")], local);
    expect(localCreate.stdout, localCreate.stderr).toMatch(/^Created study "Local study" \(\S+\) as a draft: 2 items\./);
    expect((await runCliAsync(["study", "create", "--from", path.join(dir, "local-study.json")], local)).stderr).toContain('A study named "Local study" already exists.');
    const started = await runCliAsync(["study", "status", "--study", "Remote study", "--set", "running"], remote);
    expect(started.stdout).toBe("Remote study: running, 0 of 2 judgments (0%)\n  en-US: 0 of 2 (0%)\n");

    for (const args of [["report", "--study", "Remote study"], ["report", "--study", "Remote study", "--format", "json"], ["export", "judgments", "--study", "Remote study"],
      ["study", "status", "--study", "Remote study"]]) {
      const [there, here] = await Promise.all([runCliAsync(args, remote), runCliAsync(args, local)]);
      expect(there.status, there.stderr).toBe(0);
      // The same table either way (the JSON report's generation time aside).
      const same = (s: string) => s.replace(/"generatedAt": "[^"]+"/, "");
      expect(same(there.stdout)).toBe(same(here.stdout));
    }
  });

  it("says what is wrong: problems by line, unknown names, a bad token, an unreachable server, a local-only command", async () => {
    writeFileSync(path.join(dir, "bad.csv"), "prompt_id,prompt,locale,category,modality,model,response\nb1,,en_US,X,text,M,R\n");
    const bad = await runCliAsync(["import", "material", path.join(dir, "bad.csv")], remote);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`verdict: ${path.join(dir, "bad.csv")}: 2 problems; nothing was imported.\n  line 2, prompt: is missing\n  line 2, locale: "en_US" is not a BCP 47 tag`);
    writeFileSync(path.join(dir, "outside.csv"), "prompt_id,prompt,locale,category,modality,images,model,response\no1,Q,en-US,X,image,../secret.png,M,R\n");
    expect((await runCliAsync(["import", "material", path.join(dir, "outside.csv")], remote)).stderr).toContain('"../secret.png" leaves the bundle');
    writeFileSync(path.join(dir, "nobody.json"), JSON.stringify({ name: "X", type: "SIDE_BY_SIDE", models: ["Nobody"], promptSet: "Remote set", dimensions: ["overall"], redundancy: 1 }));
    expect((await runCliAsync(["study", "create", "--from", path.join(dir, "nobody.json")], remote)).stderr).toContain('models: no model named "Nobody"');
    expect((await runCliAsync(["report", "--study", "No such"], remote)).stderr).toContain('No study named "No such"');
    const badToken = await runCliAsync(["report", "--study", "Remote study"], { ...remote, VERDICT_TOKEN: "vd_abcdefgh_notarealtokenatallnotarealtoken" });
    expect(badToken.stderr).toContain("This API token is not known (mistyped, or deleted). (HTTP 401, unknown_token)");
    expect((await runCliAsync(["report", "--study", "X"], { ...remote, VERDICT_SERVER: "http://127.0.0.1:9" })).stderr).toContain("cannot reach http://127.0.0.1:9");
    const localOnly = await runCliAsync(["db", "migrate"], remote);
    expect([localOnly.status, localOnly.stderr]).toEqual([2, expect.stringContaining('"db migrate" runs on the database only')]);
    expect(readFileSync(path.join(dir, "bad.csv"), "utf8")).toContain("en_US"); // nothing touched locally
  });
});
