// Writes a large judgments file (CSV) for benchmarks: a side-by-side or single-sided study with
// about `rows` judgment rows over 8 locales and 5 categories, k = 3 graders, 4 dimensions.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { createRng } from "../../seed/rng";

const LOCALES = ["en-US", "es-MX", "pt-BR", "en-GB", "de-DE", "fr-FR", "ja-JP", "zh-CN"];
const CATEGORIES = ["Math", "Writing", "Coding", "Reasoning", "Knowledge"];
const DIMENSIONS = ["overall", "instruction_following", "truthfulness", "presentation"];

export async function writeJudgmentsFile(file: string, study: string, type: "side_by_side" | "single_sided", rows: number): Promise<number> {
  const rng = createRng(7);
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, "drain");
  };
  await write("study,type,prompt_id,locale,category,modality,grader,dimension,model_a,model_b,preference,model,score\n");
  const perPrompt = type === "side_by_side" ? 3 * DIMENSIONS.length : 2 * 3 * DIMENSIONS.length;
  const prompts = Math.ceil(rows / perPrompt);
  let written = 0;
  for (let p = 0; p < prompts && written < rows; p++) {
    const locale = LOCALES[p % LOCALES.length];
    const category = CATEGORIES[p % CATEGORIES.length];
    const effect = rng.normal(0.5, 1);
    for (let g = 0; g < 3; g++) {
      const grader = `grader-${(p * 3 + g) % 120}`;
      for (const d of DIMENSIONS) {
        if (type === "side_by_side") {
          const pref = Math.max(-3, Math.min(3, Math.round(rng.normal(effect, 1.2))));
          await write(`${study},side_by_side,q${p},${locale},${category},text,${grader},${d},Cand,Base,${pref},,\n`);
          written++;
        } else {
          for (const [model, q] of [["Cand", 3.7], ["Base", 3.2]] as const) {
            await write(`${study},single_sided,q${p},${locale},${category},text,${grader},${d},,,,${model},${Math.max(1, Math.min(5, Math.round(rng.normal(q + effect / 3, 0.9))))}\n`);
            written++;
          }
        }
      }
    }
  }
  out.end();
  await once(out, "finish");
  return written;
}
