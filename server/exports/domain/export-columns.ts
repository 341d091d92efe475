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
  submittedAt: Date;
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

export function exportRecord(r: ExportSource): string[] {
  return [
    text(r.study), text(r.promptId), text(r.promptText), text(r.locale), text(r.region), text(r.category), modalityLabel(r.modality as Modality),
    r.grader, text(r.dimension), text(r.modelA), text(r.modelB), r.candidateSide?.toLowerCase() ?? "",
    int(r.preference), int(r.score), int(r.timeSpentMs), text(r.comment), String(r.cannotAssess), String(r.harmful),
    String(r.surplus), String(r.superseded), r.source.toLowerCase(), r.submittedAt.toISOString(),
    r.control === "NONE" ? "" : r.control.toLowerCase(), String(r.exclusionReason !== null), text(r.exclusionReason),
    String(r.minTaskSeconds > 0 && r.timeSpentMs !== null && r.timeSpentMs < r.minTaskSeconds * 1000),
    text(r.conversation),
  ];
}
