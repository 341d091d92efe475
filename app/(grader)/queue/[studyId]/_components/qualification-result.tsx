"use client";
// A grader's result on a study's qualification set: the score, each task's expected and given
// answers in the terms of their own screen (Response 1 / Response 2), and the explanations.
import { ModelOutput } from "@/app/_components/model-output";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import type { AppRouter } from "@/server/root";

type Status = inferRouterOutputs<AppRouter>["quality"]["myQualification"];
export type QualificationOutcome = NonNullable<Extract<Status, { required: true }>["result"]>;

export function QualificationResult({ result, passRate, onContinue }: { result: QualificationOutcome; passRate: number; onContinue?: () => void }) {
  const share = result.total ? Math.round((100 * result.correct) / result.total) : 0;
  return (
    <section aria-label="Qualification result" className="mx-auto max-w-3xl space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{result.passed ? "You passed the qualification set" : "You did not pass the qualification set"}</h1>
      <p className="text-slate-700">
        {result.correct} of {result.total} checked answers matched the expected answer ({share}%; the pass mark is {Math.round(passRate * 100)}%).
        {result.passed ? " The study's tasks are open to you now." : " This study has no further tasks for you."}
      </p>
      <ol className="space-y-3">
        {result.tasks.map((t) => (
          <li key={t.number} className="rounded-md border border-slate-200 p-3">
            <div className="text-xs uppercase tracking-wide text-slate-500">Task {t.number}{!t.submitted && " · not submitted"}</div>
            <div className="mt-1 text-sm text-slate-800"><ModelOutput text={t.prompt} label={`task ${t.number}`} /></div>
            <table className="mt-2 w-full table-fixed text-left text-sm">
              <thead className="text-xs text-slate-500"><tr><th className="w-1/4 font-medium">Dimension</th><th className="w-1/4 font-medium">Expected</th><th className="w-1/3 font-medium">Your answer</th><th /></tr></thead>
              <tbody>
                {t.answers.map((a) => (
                  <tr key={a.dimension} className="border-t border-slate-100">
                    <td className="py-1">{a.dimension}</td><td className="py-1">{a.expected}</td><td className="py-1">{a.given}</td>
                    <td className="py-1 text-right">{a.correct ? <span className="text-emerald-700">✓ matches</span> : <span className="text-red-700">✗ differs</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {t.explanation && <p className="mt-2 rounded bg-slate-50 p-2 text-sm text-slate-700"><strong>Why:</strong> {t.explanation}</p>}
          </li>
        ))}
      </ol>
      <div className="flex gap-3">
        {result.passed && onContinue && <button type="button" onClick={onContinue} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white">Continue to the tasks</button>}
        <Link href="/queue" className="rounded-md border border-slate-300 px-4 py-2 text-sm">Back to my queue</Link>
      </div>
    </section>
  );
}
