// verdict db migrate | db seed
import { db } from "../../db";
import { DEFAULT_DEMO, seedDemo } from "../../../seed/demo";
import { demoLoginsText } from "../../../seed/demo-content";
import { assertKnownFlags, intFlag, type ParsedArgs } from "../args";
import { ensureDatabase } from "../database";

export async function dbMigrate(args: ParsedArgs) {
  assertKnownFlags(args, []);
  await ensureDatabase({ builtInDimensions: true });
}

export async function dbSeed(args: ParsedArgs) {
  assertKnownFlags(args, ["seed", "judgments", "if-empty", "text-prompts", "image-prompts"]);
  await ensureDatabase({ quiet: true, builtInDimensions: true });
  if (args.flags["if-empty"] && (await db().user.count()) > 0) {
    console.error("Database already has data; demo seed skipped.");
    return;
  }
  const started = Date.now();
  const result = await seedDemo(db(), {
    seed: intFlag(args, "seed", DEFAULT_DEMO.seed),
    textPromptsPerLocale: intFlag(args, "text-prompts", DEFAULT_DEMO.textPromptsPerLocale),
    imagePromptsPerLocale: intFlag(args, "image-prompts", DEFAULT_DEMO.imagePromptsPerLocale),
    extraJudgments: intFlag(args, "judgments", 0) || undefined,
    log: (line) => console.error(`  ${line}`),
  });
  console.error(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.studies.length} studies.`);
  console.log(demoLoginsText());
}
