"use client";
// A grader's result on a study's qualification set: the score, each task's expected and given
// answers in the terms of their own screen (Response 1 / Response 2), and the explanations.
import { ModelOutput } from "@/app/_components/model-output";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { AppRouter } from "@/server/root";

type Status = inferRouterOutputs<AppRouter>["quality"]["myQualification"];
export type QualificationOutcome = NonNullable<Extract<Status, { required: true }>["result"]>;

export function QualificationResult({ result, passRate, onContinue }: { result: QualificationOutcome; passRate: number; onContinue?: () => void }) {
  const t = useTranslations("qualification");
  const share = result.total ? result.correct / result.total : 0;
  return (
    <section aria-label={t("label")} className="mx-auto max-w-3xl space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{result.passed ? t("passed") : t("failed")}</h1>
      <p className="text-slate-700">
        {t("score", { correct: result.correct, total: result.total, share, passRate })} {result.passed ? t("open") : t("closed")}
      </p>
      <ol className="space-y-3">
        {result.tasks.map((task) => (
          <li key={task.number} className="rounded-md border border-slate-200 p-3">
            <div className="text-xs uppercase tracking-wide text-slate-500">{t("task", { n: task.number })}{!task.submitted && t("notSubmitted")}</div>
            <div className="mt-1 text-sm text-slate-800"><ModelOutput text={task.prompt} label={t("taskLabel", { n: task.number })} /></div>
            <table className="mt-2 w-full table-fixed text-start text-sm">
              <thead className="text-xs text-slate-500"><tr><th className="w-1/4 font-medium">{t("dimension")}</th><th className="w-1/4 font-medium">{t("expected")}</th><th className="w-1/3 font-medium">{t("yourAnswer")}</th><th /></tr></thead>
              <tbody>
                {task.answers.map((a) => (
                  <tr key={a.dimension} className="border-t border-slate-100">
                    <td className="py-1" dir="auto">{a.dimension}</td><td className="py-1">{a.expected}</td><td className="py-1">{a.given}</td>
                    <td className="py-1 text-end">{a.correct ? <span className="text-emerald-700">{t("matches")}</span> : <span className="text-red-700">{t("differs")}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {task.explanation && <p className="mt-2 rounded bg-slate-50 p-2 text-sm text-slate-700" dir="auto"><strong>{t("why")}</strong> {task.explanation}</p>}
          </li>
        ))}
      </ol>
      <div className="flex gap-3">
        {result.passed && onContinue && <button type="button" onClick={onContinue} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white">{t("continue")}</button>}
        <Link href="/queue" className="rounded-md border border-slate-300 px-4 py-2 text-sm">{t("back")}</Link>
      </div>
    </section>
  );
}
