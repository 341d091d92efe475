// The raw judgments export: one row per judgment per dimension. Model names appear (researchers
// only); graders appear under a pseudonym that is stable within a study.
import { modalityLabel, type Modality } from "../../studies/domain/modality";

export const EXPORT_COLUMNS = [
  "study", "prompt_id", "prompt", "locale", "region", "category", "modality", "grader", "dimension", "model_a", "model_b",
  "side_shown_candidate", "preference", "score", "time_spent_ms", "comment", "cannot_assess", "harmful", "surplus", "superseded",
  "source", "submitted_at", "control_item", "excluded", "exclusion_reason", "below_min_time", "prompt_context",
] as const;

export interface ExportSource {
  study: string;
  promptId: string;
  promptText: string;
  locale: string;
  region: string;
  category: string;
  modality: string;
  grader: string;
  dimension: string;
  modelA: string;
  modelB: string | null;
  candidateSide: string | null;
  preference: number | null;
  score: number | null;
  timeSpentMs: number | null;
  comment: string | null;
  cannotAssess: boolean;
  harmful: boolean;
  surplus: boolean;
  superseded: boolean;
  source: string;
  /** ISO 8601 (the export converts each distinct time once) */
  submittedAt: string;
  /** NONE for study material, else GOLD, ATTENTION or QUALIFICATION: such judgments are never counted */
  control: string;
  /** the reason of the researcher's exclusion that keeps this judgment out of results, or null */
  exclusionReason: string | null;
  /** the study's minimum plausible seconds per task (0 = none): faster submissions are flagged */
  minTaskSeconds: number;
  /** a conversation prompt's earlier turns as stored (JSON [{ role, content }]), or null */
  conversation: string | null;
}

// Formulas are neutralised by the CSV writer itself (SAFE_CSV), on every text cell.
const text = (v: string | null) => v ?? "";
const int = (v: number | null) => (v === null ? "" : String(v));

/**
 * One judgment's cells, in EXPORT_COLUMNS order. `into` is filled and returned when given: the
 * export reuses one array for a million rows rather than leaving a million behind for the
 * garbage collector.
 */
export function exportRecord(r: ExportSource, into: string[] = new Array<string>(EXPORT_COLUMNS.length)): string[] {
  let i = 0;
  into[i++] = text(r.study);
  into[i++] = text(r.promptId);
  into[i++] = text(r.promptText);
  into[i++] = text(r.locale);
  into[i++] = text(r.region);
  into[i++] = text(r.category);
  into[i++] = modalityLabel(r.modality as Modality);
  into[i++] = r.grader;
  into[i++] = text(r.dimension);
  into[i++] = text(r.modelA);
  into[i++] = text(r.modelB);
  into[i++] = r.candidateSide?.toLowerCase() ?? "";
  into[i++] = int(r.preference);
  into[i++] = int(r.score);
  into[i++] = int(r.timeSpentMs);
  into[i++] = text(r.comment);
  into[i++] = String(r.cannotAssess);
  into[i++] = String(r.harmful);
  into[i++] = String(r.surplus);
  into[i++] = String(r.superseded);
  into[i++] = r.source.toLowerCase();
  into[i++] = r.submittedAt;
  into[i++] = r.control === "NONE" ? "" : r.control.toLowerCase();
  into[i++] = String(r.exclusionReason !== null);
  into[i++] = text(r.exclusionReason);
  into[i++] = String(r.minTaskSeconds > 0 && r.timeSpentMs !== null && r.timeSpentMs < r.minTaskSeconds * 1000);
  into[i++] = text(r.conversation);
  if (i !== EXPORT_COLUMNS.length) throw new Error(`exportRecord wrote ${i} cells for ${EXPORT_COLUMNS.length} columns`);
  return into;
}
