// The REST API's reference, drawn from the same OpenAPI document the API serves at
// /api/v1/openapi.json (itself generated from the endpoint registry).
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Markdown } from "@/app/_components/markdown";
import { openApiDocument } from "@/server/api/openapi";

export async function generateMetadata() {
  return { title: (await getTranslations("research.apiReferencePage"))("pageTitle") };
}
export const dynamic = "force-static";

type Operation = { summary: string; description: string; parameters: { name: string; in: string; required: boolean; schema: unknown; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };

const METHOD_COLOURS: Record<string, string> = { get: "bg-sky-100 text-sky-900", post: "bg-emerald-100 text-emerald-900" };

export default function ApiReferencePage() {
  const t = useTranslations("research.apiReferencePage");
  const doc = openApiDocument() as { info: { description: string }; paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t("verdictApiReference")}</h1>
        <div className="mt-1 text-sm text-slate-600"><Markdown text={doc.info.description} /></div>
        <p className="mt-2 text-sm">{t.rich("machineReadableApiV1Openapi", { a: (chunks) => <a className="text-indigo-700 underline" href="/api/v1/openapi.json">{chunks}</a>, link: (chunks) => <Link className="text-indigo-700 underline" href="/tokens">{chunks}</Link> })}</p>
        <nav aria-label={t("endpoints")} className="mt-4 grid gap-1 text-sm sm:grid-cols-2">
          {operations.map(({ path, method, op }) => (
            <a key={`${method} ${path}`} href={`#${method}-${path}`} className="flex gap-2 hover:underline">
              <span className={`w-12 rounded px-1 text-center font-mono text-xs uppercase ${METHOD_COLOURS[method]}`}>{method}</span>
              <span className="font-mono text-xs">{path}</span><span className="truncate text-slate-600">{op.summary}</span>
            </a>
          ))}
        </nav>
      </header>
      {operations.map(({ path, method, op }) => (
        <section key={`${method} ${path}`} id={`${method}-${path}`} aria-label={`${method.toUpperCase()} ${path}`} className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="flex flex-wrap items-center gap-2">
            <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_COLOURS[method]}`}>{method}</span>
            <span className="font-mono text-sm">{t("apiV1", { path })}</span>
            <span className="font-medium">{op.summary}</span>
          </h2>
          <div className="mt-2 text-sm text-slate-700"><Markdown text={op.description} /></div>
          {op.parameters.length > 0 && (
            <table className="mt-3 w-full text-sm">
              <thead className="text-left text-xs uppercase text-slate-500"><tr><th>{t("parameter")}</th><th>{t("in")}</th><th>{t("required")}</th><th>{t("schema")}</th></tr></thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-t border-slate-100 align-top">
                    <td className="py-1 font-mono text-xs">{p.name}</td><td>{p.in}</td><td>{p.required ? t("yes") : t("no")}</td>
                    <td><code className="text-xs">{JSON.stringify(p.schema)}</code>{p.description && <div className="text-xs text-slate-600">{p.description}</div>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {op.requestBody && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-indigo-700">{t("requestBody", { value: Object.keys(op.requestBody.content).join(", ") })}</summary>
              <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(Object.values(op.requestBody.content)[0].schema, null, 2)}</pre>
            </details>
          )}
          <ul className="mt-3 space-y-0.5 text-sm">
            {Object.entries(op.responses).map(([status, r]) => (
              <li key={status}><span className="font-mono">{status}</span> <span className="text-slate-700">{r.description}</span>
                {status.startsWith("2") && r.content?.["application/json"] && Object.keys(r.content["application/json"].schema as object).length > 0 && (
                  <details className="ml-8"><summary className="cursor-pointer text-xs text-indigo-700">{t("responseSchema")}</summary>
                    <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(r.content["application/json"].schema, null, 2)}</pre></details>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
