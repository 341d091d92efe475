// The CLI's commands against a running server (--server URL --token T, or VERDICT_SERVER and
// VERDICT_TOKEN) instead of the database: the same arguments and the same output as the local
// commands, through the REST API. Material that names image or audio files next to it is sent as
// a .zip bundle with those files, as the browser's upload does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKnownFlags, formatFlag, intFlag, listFlag, stringFlag, UsageError, type ParsedArgs } from "../args";
import { createdMessage, readStudyFile } from "../commands/study";
import { studyDefinitionFrom } from "../domain/study-file";
import { studyProgressLines, type StudyProgressView } from "../domain/study-progress-lines";
import { output, secondsSince, writeOutput } from "../output";
import type { RemoteClient } from "./client";

/** The media files a material file names (not data: URIs), relative to its folder. */
async function mediaRefs(file: string): Promise<string[]> {
  const [{ readRows }, { parseMaterialRow }] = await Promise.all([import("../../imports/read-rows"), import("../../imports/domain/material-row")]);
  const refs = new Set<string>();
  for await (const { line, fields } of readRows(file)) {
    const { row } = parseMaterialRow(fields, line);
    if (!row) continue; // the server names the row's problems
    for (const ref of [...row.images, ...row.audio, ...row.responseImages, ...row.responseAudio, ...row.contextImages.flat()]) if (!ref.startsWith("data:")) refs.add(ref);
  }
  return [...refs];
}

async function materialBody(file: string): Promise<{ name: string; body: BodyInit }> {
  const refs = await mediaRefs(file);
  const name = path.basename(file);
  if (refs.length === 0) return { name, body: Readable.toWeb(Readable.from(readFileSync(file))) as ReadableStream };
  const [{ zipSync }, { bundlePath }] = await Promise.all([import("fflate"), import("../../imports/domain/bundle-path")]);
  const dir = path.dirname(path.resolve(file));
  const entries: Record<string, Uint8Array> = { [name]: readFileSync(file) };
  for (const ref of refs) {
    const inside = bundlePath(ref, "");
    if (!inside.ok) throw new UsageError(`${file}: ${inside.reason} — a remote import sends the files in the material file's folder along with it`);
    try {
      entries[inside.path] = readFileSync(path.join(dir, inside.path));
    } catch {
      throw new UsageError(`${file}: ${ref} cannot be read (paths are relative to the material file's folder)`);
    }
  }
  return { name: `${name.replace(/\.[^.]+$/, "")}.zip`, body: Buffer.from(zipSync(entries)) };
}

export async function remoteImport(client: RemoteClient, kind: "material" | "judgments", args: ParsedArgs, file: string | undefined) {
  assertKnownFlags(args, kind === "material" ? ["prompt-set"] : []);
  if (!file) throw new UsageError(`import ${kind} needs a FILE`);
  const started = Date.now();
  const { randomUUID } = await import("node:crypto");
  const { name, body } = kind === "material" ? await materialBody(file) : { name: path.basename(file), body: Readable.toWeb(Readable.from(readFileSync(file))) as ReadableStream };
  // A retried upload (after a network error) must not import twice: one key per run.
  const res = await client.request("POST", `/${kind}`, { query: { fileName: name, promptSet: stringFlag(args, "prompt-set") }, body,
    headers: { "Idempotency-Key": randomUUID() }, shownAs: file });
  const { summary: r } = (await res.json()) as { summary: Record<string, never> };
  if (kind === "material") {
    const m = r as unknown as { rows: number; promptSet: string; prompts: number; models: string[] };
    console.log(`Imported ${m.rows} rows into prompt set "${m.promptSet}": ${m.prompts} prompts, models ${m.models.join(", ")} (${secondsSince(started)} s).`);
  } else {
    const j = r as unknown as { rows: number; studies: string[]; judgmentsAdded: number; judgmentsAlreadyPresent: number };
    console.log(`Imported ${j.rows} rows into ${j.studies.map((s) => `"${s}"`).join(", ")}: ${j.judgmentsAdded} judgments added, ${j.judgmentsAlreadyPresent} already present (${secondsSince(started)} s).`);
  }
}

/** JSON as the local commands print it (two-space indent, final newline); CSV as the server sends it. */
const asText = async (res: Response, format: "csv" | "json") => (format === "json" ? `${JSON.stringify(await res.json(), null, 2)}\n` : await res.text());

export async function remoteReport(client: RemoteClient, args: ParsedArgs) {
  assertKnownFlags(args, ["study", "format", "out", "seed", "resamples"]);
  const format = formatFlag(args);
  const id = await client.studyId(stringFlag(args, "study", true));
  const res = await client.request("GET", `/studies/${id}/report`, { query: { format, seed: args.flags.seed ? intFlag(args, "seed", 0) : undefined,
    resamples: args.flags.resamples ? intFlag(args, "resamples", 0) : undefined } });
  const file = await writeOutput(args, await asText(res, format));
  if (file) console.error(`Wrote the report to ${file}.`);
}

export async function remoteExport(client: RemoteClient, args: ParsedArgs) {
  assertKnownFlags(args, ["study", "out"]);
  const id = await client.studyId(stringFlag(args, "study", true));
  const res = await client.request("GET", `/studies/${id}/judgments`);
  const { stream, file } = output(args);
  await pipeline(Readable.fromWeb(res.body as import("node:stream/web").ReadableStream), stream, { end: file !== null });
  if (file) console.error(`Wrote the judgments to ${file}.`);
}

export async function remoteLeaderboard(client: RemoteClient, args: ParsedArgs) {
  assertKnownFlags(args, ["study", "dimension", "format", "out", "resamples", "seed", "no-style-control", "slices"]);
  const format = formatFlag(args);
  const res = await client.request("GET", "/leaderboard", { query: { study: listFlag(args, "study"), dimension: stringFlag(args, "dimension"), format,
    resamples: intFlag(args, "resamples", 1000), seed: intFlag(args, "seed", 20260101), slices: stringFlag(args, "slices") ?? "every",
    styleControl: args.flags["no-style-control"] === undefined ? "true" : "false" } });
  const file = await writeOutput(args, await asText(res, format));
  if (file) console.error(`Wrote the leaderboard to ${file}.`);
}

export async function remoteStudyCreate(client: RemoteClient, args: ParsedArgs) {
  assertKnownFlags(args, ["from"]);
  const file = readStudyFile(stringFlag(args, "from", true));
  const [models, promptSets] = await Promise.all([client.all<{ id: string; name: string }>("/models", "models"), client.all<{ id: string; name: string }>("/prompt-sets", "promptSets")]);
  const resolved = studyDefinitionFrom(file, { models: new Map(models.map((m) => [m.name, m.id])), promptSets: new Map(promptSets.map((s) => [s.name, s.id])) });
  if (!resolved.ok) throw new UsageError(resolved.problems.join("\n"));
  const { randomUUID } = await import("node:crypto");
  const created = await (await client.request("POST", "/studies", { json: resolved.definition, headers: { "Idempotency-Key": randomUUID() } })).json() as { id: string; name: string; items: number };
  console.log(createdMessage(created));
}

export async function remoteStudyStatus(client: RemoteClient, args: ParsedArgs) {
  assertKnownFlags(args, ["study", "set"]);
  const id = await client.studyId(stringFlag(args, "study", true));
  const set = stringFlag(args, "set")?.toUpperCase();
  if (set) await client.request("POST", `/studies/${id}/status`, { json: { status: set } });
  for (const line of studyProgressLines(await client.json<StudyProgressView>("GET", `/studies/${id}`))) console.log(line);
}
