// verdict study create --from FILE.json | verdict study status --study NAME [--set STATUS]
import { readFileSync } from "node:fs";
import { assertKnownFlags, stringFlag, UsageError, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";
import { studyDefinitionFrom } from "../domain/study-file";
import { studyProgressLines } from "../domain/study-progress-lines";

/** The study file's JSON, or a message that names the file. */
export function readStudyFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`${file} cannot be read`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON (${(e as Error).message})`);
  }
}

export const createdMessage = (s: { id: string; name: string; items: number }) =>
  `Created study "${s.name}" (${s.id}) as a draft: ${s.items} items. Start it with: verdict study status --study "${s.name}" --set RUNNING`;

export async function studyCreate(args: ParsedArgs) {
  assertKnownFlags(args, ["from"]);
  const file = readStudyFile(stringFlag(args, "from", true));
  await ensureDatabase({ quiet: true, builtInDimensions: true });
  const [{ db }, { ZStudyDefinition }, { createStudy }] = await Promise.all([import("../../db"), import("../../studies/schema"), import("../../studies/service")]);
  const [models, sets] = await Promise.all([db().model.findMany({ select: { id: true, name: true } }), db().promptSet.findMany({ select: { id: true, name: true } })]);
  const resolved = studyDefinitionFrom(file, { models: new Map(models.map((m) => [m.name, m.id])), promptSets: new Map(sets.map((s) => [s.name, s.id])) });
  if (!resolved.ok) throw new UsageError(resolved.problems.join("\n"));
  console.log(createdMessage(await createStudy(db(), null, ZStudyDefinition.parse(resolved.definition))));
}

export async function studyStatus(args: ParsedArgs) {
  assertKnownFlags(args, ["study", "set"]);
  const name = stringFlag(args, "study", true);
  const set = stringFlag(args, "set")?.toUpperCase();
  await ensureDatabase({ quiet: true });
  const [{ db }, { getStudy, setStudyStatus }, { ZSetStudyStatus }] = await Promise.all([import("../../db"), import("../../studies/service"), import("../../studies/schema")]);
  const found = await db().study.findUnique({ where: { name }, select: { id: true } });
  if (!found) throw new UsageError(`No study named "${name}".`);
  if (set) {
    const { status } = ZSetStudyStatus.parse({ studyId: found.id, status: set });
    await setStudyStatus(db(), null, found.id, status, new Date());
  }
  const s = await getStudy(db(), found.id);
  for (const line of studyProgressLines({ name: s.name, status: s.status, progress: { submitted: s.submitted, wanted: s.wanted, byLocale: s.byLocale } })) console.log(line);
}
