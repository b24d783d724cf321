import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { startDocServer, send } from "../support/doc-server";
import { makePdf, PA_FORM_PAGE, fhirBundle } from "../support/fixtures";
import { apiClient, waitForFinal } from "../support/api";

let ws: TestWorkspace;
let docs: Awaited<ReturnType<typeof startDocServer>>;
let slowRelease: () => void = () => {};

test.beforeAll(async () => {
  ws = await createTestWorkspace("Lifecycle");
  const pdf = await makePdf([PA_FORM_PAGE, "Progress note\nPatient seen for seizures.", "Page three"]);
  docs = await startDocServer({
    "/form.pdf": send("application/pdf", pdf),
    "/note.txt": send("text/plain; charset=utf-8", "Progress note. Diagnosis: atopic dermatitis L20.9."),
    "/bundle.json": send("application/fhir+json", JSON.stringify(fhirBundle())),
    "/corrupt.pdf": send("application/pdf", "%PDF-1.7\nthis is not really a pdf at all"),
    "/page.html": send("text/html", "<!doctype html><html><body>login</body></html>"),
    "/huge.pdf": (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/pdf" });
      res.end(Buffer.alloc(3 * 1024 * 1024, 0x41)); // over the suite's 2 MB cap
    },
    "/slow.pdf": () => {
      // never answers: the fetch times out (3 s in the suite)
    },
    "/held.pdf": (_req, res) => {
      const answer = () => {
        if (!res.headersSent) res.writeHead(200, { "Content-Type": "application/pdf" }).end(pdf);
      };
      const timer = setTimeout(answer, 8_000);
      slowRelease = () => { clearTimeout(timer); answer(); };
    },
    "/to-forbidden": (_req, res) => res.writeHead(302, { Location: `http://127.0.0.3:${docs.port}/form.pdf` }).end(),
  });
});

test.afterAll(async () => {
  slowRelease();
  await docs?.close();
});

test("a PDF case processed synchronously ends Succeeded with its document stored", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const response = await api.create({ case_id: "sync-pdf", document_url: docs.url("/form.pdf"), synchronous_request: true });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body).toMatchObject({ status: "Succeeded", intake_status: "Succeeded", failure_reason: null, document_url: docs.url("/form.pdf") });
  const stored = await api.documents(body.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ content_type: "application/pdf", page_count: 3 });
  expect(stored[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  const actions = (await api.events(body.id)).map((e) => e.action);
  expect(actions).toEqual(["prior_auth.created", "document.fetched", "prior_auth.succeeded"]);
});

test("an asynchronous PDF case answers Processing at once and finishes in the background", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const response = await api.create({ case_id: "async-pdf", document_url: docs.url("/form.pdf") });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body.status).toBe("Processing");
  const final = await waitForFinal(api, body.id);
  expect(final).toMatchObject({ status: "Succeeded", intake_status: "Succeeded" });
});

test("a text document and a FHIR Bundle are accepted", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const text = await (await api.create({ case_id: "text", document_url: docs.url("/note.txt"), synchronous_request: true })).json();
  expect(text.status).toBe("Succeeded");
  expect((await api.documents(text.id))[0]).toMatchObject({ content_type: "text/plain", page_count: 1 });
  const fhir = await (await api.create({ case_id: "fhir", ePA: { document_urls: [docs.url("/bundle.json")] }, synchronous_request: true })).json();
  expect(fhir.status).toBe("Succeeded");
  expect((await api.documents(fhir.id))[0]).toMatchObject({ content_type: "application/json" });
});

test("bad requests are 400 naming the problem, and create nothing", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const before = (await (await api.list("limit=100")).json()).data.length;
  const cases: [unknown, string][] = [
    [{ document_url: docs.url("/form.pdf") }, "case_id"],
    [{ case_id: "", document_url: docs.url("/form.pdf") }, "case_id"],
    [{ case_id: "x" }, "a source is required"],
    [{ case_id: "x", document_url: docs.url("/form.pdf"), ePA: { document_urls: [docs.url("/form.pdf")] } }, "exactly one source"],
    [{ case_id: "x", document_url: "ftp://127.0.0.1/form.pdf" }, "document_url"],
    [{ case_id: "x", document_url: "file:///etc/passwd" }, "document_url"],
    [{ case_id: "x", ePA: {} }, "ePA"],
    [{ case_id: "x", ePA: { epa_payload: "text" } }, "ePA.epa_payload"],
    [{ case_id: "x", document_url: docs.url("/form.pdf"), synchronous_request: "yes" }, "synchronous_request"],
  ];
  for (const [data, expected] of cases) {
    const response = await api.create(data);
    expect(response.status(), JSON.stringify(data)).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(400);
    expect(body.message).toContain(expected);
  }
  expect((await (await api.list("limit=100")).json()).data.length).toBe(before);
});

test("material problems end Failed with a clear reason, never stuck in Processing", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const cases: [string, string, RegExp][] = [
    ["not-allowed-loopback", `http://127.0.0.2:${docs.port}/form.pdf`, /127\.0\.0\.2.*not allowed|not allowed.*127\.0\.0\.2/i],
    ["redirect-to-forbidden", docs.url("/to-forbidden"), /127\.0\.0\.3/],
    ["oversized", docs.url("/huge.pdf"), /larger than/i],
    ["timeout", docs.url("/slow.pdf"), /within 3 seconds/],
    ["corrupt", docs.url("/corrupt.pdf"), /PDF/],
    ["html", docs.url("/page.html"), /HTML/i],
    ["missing", docs.url("/nothing.pdf"), /404/],
  ];
  for (const [caseId, url, reason] of cases) {
    const response = await api.create({ case_id: caseId, document_url: url, synchronous_request: true });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body.status, caseId).toBe("Failed");
    expect(body.intake_status).toBe("Failed");
    expect(body.failure_reason, caseId).toMatch(reason);
    expect(await api.documents(body.id), caseId).toHaveLength(0);
    const actions = (await api.events(body.id)).map((e) => e.action);
    expect(actions).toEqual(["prior_auth.created", "prior_auth.failed"]);
  }
  // The refused address was never contacted.
  expect(docs.hits.filter((h) => h === "/form.pdf").length).toBeGreaterThan(0);
});

test("cancel stops a running case; a case ready for review is withdrawn with its reason; cancelling a finished case is 409", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({ case_id: "to-cancel", document_url: docs.url("/held.pdf") })).json();
  await expect.poll(async () => (await api.events(created.id)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const cancelled = await api.cancel(created.id);
  expect(cancelled.status()).toBe(200);
  expect(await cancelled.json()).toMatchObject({ status: "Cancelled", intake_status: "Cancelled" });
  slowRelease();
  await new Promise((r) => setTimeout(r, 1500));
  expect((await api.getJson(created.id)).status).toBe("Cancelled");
  const again = await api.cancel(created.id);
  expect(again.status()).toBe(409);
  expect((await again.json()).error).toBe(409);

  const ready = await (await api.create({ case_id: "ready", document_url: docs.url("/note.txt"), synchronous_request: true })).json();
  expect(ready.status).toBe("Succeeded");
  const withdrawn = await api.cancel(ready.id, "Duplicate of a request already decided");
  expect(withdrawn.status()).toBe(200);
  expect(await withdrawn.json()).toMatchObject({ status: "Cancelled", status_reason: "Duplicate of a request already decided" });
  const withdrawal = (await api.events(ready.id)).find((e) => e.action === "prior_auth.cancelled");
  expect(withdrawal?.details).toMatchObject({ previous_status: "Succeeded", reason: "Duplicate of a request already decided" });
  expect((await api.cancel(ready.id)).status()).toBe(409);
  const empty = await request.post(`/api/v1/prior_auths/${created.id}/cancel`, { headers: { "X-API-Key": ws.apiKey }, data: { reason: "" } });
  expect(empty.status()).toBe(400);
});

test("list: newest first, filters, cursor pagination, limit bounds", async ({ request }) => {
  const own = await createTestWorkspace("Paging");
  const api = apiClient(request, own.apiKey);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await (await api.create({ case_id: `page-${i % 2}`, ePA: { epa_payload: { note: i } } })).json()).id);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { id: string }[]; next_cursor: string | null } = await (await api.list(`limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json();
    expect(page.data.length).toBeLessThanOrEqual(2);
    seen.push(...page.data.map((p) => p.id));
    cursor = page.next_cursor;
  } while (cursor);
  expect(seen).toEqual([...ids].reverse());
  const filtered = await (await api.list("case_id=page-1")).json();
  expect(filtered.data.map((p: { id: string }) => p.id)).toEqual([ids[3], ids[1]]);
  expect((await api.list("limit=101")).status()).toBe(400);
  expect((await api.list("cursor=garbage")).status()).toBe(400);
});

test("Idempotency-Key replays the first response and refuses a different body", async ({ request }) => {
  const api = apiClient(request, ws.apiKey);
  const key = `idem-${Date.now()}`;
  const body = { case_id: "idem-1", ePA: { epa_payload: { a: 1 } } };
  const first = await api.create(body, { "Idempotency-Key": key });
  expect(first.status()).toBe(201);
  const replay = await api.create(body, { "Idempotency-Key": key });
  expect(replay.status()).toBe(201);
  expect(replay.headers()["idempotent-replayed"]).toBe("true");
  expect((await replay.json()).id).toBe((await first.json()).id);
  const conflicting = await api.create({ ...body, case_id: "idem-2" }, { "Idempotency-Key": key });
  expect(conflicting.status()).toBe(409);
  expect((await conflicting.json()).message).toContain("different request body");

  // Without the header the same case_id is a resubmission: a new prior auth, both found by case_id.
  const again = await (await api.create(body)).json();
  expect(again.id).not.toBe((await first.json()).id);
  const found = await (await api.list("case_id=idem-1")).json();
  expect(found.data).toHaveLength(2);
});

test("200 concurrent creates make 200 distinct cases, all finished", async ({ request }) => {
  test.setTimeout(180_000);
  const own = await createTestWorkspace("Burst");
  const api = apiClient(request, own.apiKey);
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => api.create({ case_id: `burst-${i}`, ePA: { epa_payload: { patient: { first_name: "P", last_name: String(i) } } } })),
  );
  expect(responses.map((r) => r.status())).toEqual(Array(200).fill(201));
  const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id)));
  expect(ids.size).toBe(200);
  await expect
    .poll(async () => {
      let all: { status: string }[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: { status: string }[]; next_cursor: string | null } = await (await api.list(`limit=100${cursor ? `&cursor=${cursor}` : ""}`)).json();
        all = all.concat(page.data);
        cursor = page.next_cursor;
      } while (cursor);
      return all.filter((c) => c.status === "Succeeded").length;
    }, { timeout: 150_000, intervals: [1000, 2000] })
    .toBe(200);
});
