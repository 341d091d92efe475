// The remote CLI's HTTP client: the REST API of a running Verdict (/api/v1) with an API token.
// Errors come back as the API's JSON; an import's problems become the same ImportRejected the
// local import throws, so the terminal shows the same lines either way.
import { ImportRejected, type ImportProblem } from "../../imports/domain/import-error";
import { UsageError } from "../args";

export class RemoteError extends Error {}

type Query = Record<string, string | number | boolean | string[] | undefined>;

export interface RemoteClient {
  server: string;
  request(method: "GET" | "POST", path: string, opts?: { query?: Query; json?: unknown; body?: BodyInit; headers?: Record<string, string>; shownAs?: string }): Promise<Response>;
  json<T>(method: "GET" | "POST", path: string, opts?: { query?: Query; json?: unknown }): Promise<T>;
  studyId(name: string): Promise<string>;
  /** Every item of a paginated list (GET path → { [key]: T[], next }). */
  all<T>(path: string, key: string): Promise<T[]>;
}

export function remoteClient(server: string, token: string | undefined): RemoteClient {
  if (!token) throw new UsageError("--server needs an API token: --token vd_… or VERDICT_TOKEN (create one on the API tokens page)");
  const base = `${server.replace(/\/+$/, "")}/api/v1`;
  const client: RemoteClient = {
    server,
    async request(method, path, opts = {}) {
      const url = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(opts.query ?? {})) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
      }
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(opts.headers ?? {}) };
      if (opts.json !== undefined) headers["Content-Type"] = "application/json";
      let res: Response;
      try {
        res = await fetch(url, { method, headers, body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body, duplex: "half" } as RequestInit);
      } catch (e) {
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        throw new RemoteError(`cannot reach ${server} (${cause?.code ?? cause?.message ?? (e as Error).message})`);
      }
      if (res.ok || res.status === 304) return res;
      let error: { code?: string; message?: string; problems?: ImportProblem[]; total?: number } = {};
      try {
        error = ((await res.json()) as { error?: typeof error }).error ?? {};
      } catch {
        throw new RemoteError(`${server} answered HTTP ${res.status} without an explanation (is it a Verdict server?)`);
      }
      if (error.code === "import_rejected" && error.problems) throw new ImportRejected(opts.shownAs ?? "upload", error.problems, error.total ?? error.problems.length);
      throw new RemoteError(`${error.message ?? "request refused"} (HTTP ${res.status}${error.code ? `, ${error.code}` : ""})`);
    },
    async json<T>(method: "GET" | "POST", path: string, opts: { query?: Query; json?: unknown } = {}) {
      return (await (await client.request(method, path, opts)).json()) as T;
    },
    async all<T>(path: string, key: string) {
      const out: T[] = [];
      for (let offset: number | null = 0; offset !== null;) {
        const page: Record<string, unknown> & { next: number | null } = await client.json("GET", path, { query: { limit: 200, offset } });
        out.push(...(page[key] as T[]));
        offset = page.next;
      }
      return out;
    },
    async studyId(name) {
      const found = await client.json<{ studies: { id: string }[] }>("GET", "/studies", { query: { name, limit: 1 } });
      if (!found.studies.length) throw new RemoteError(`No study named "${name}" on ${server}.`);
      return found.studies[0].id;
    },
  };
  return client;
}
