import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { signInRequest } from "../support/session";
import { startServer } from "../support/server-process";
import { EPIDIOLEX, FINTEPLA, partDBook } from "../support/policy-documents";
import { imageLimitsDrugList } from "../../lib/policies/read/formulary/image-limits-drug-list.fixture";
import { PDFDocument } from "pdf-lib";
import { longImageFax } from "../../lib/documents/scan-fixtures";

// Policy documents read again with the current reader, in the background: a drug list's image cells past the
// upload's cell cap, and an admin's request. A person's published criteria are never overwritten: the reading goes
// to the draft.
type Reading = { status: string; reason: string; done: number | null; total: number | null; message: string | null; changed: number | null; added: number | null; drafts: number | null; unmatched: number | null };
type PolicyDocument = { id: string; reading: Reading | null; section_count: number; sections: { policy_id: string; drug_names: string[]; section_label: string; unread_requirements: number }[] };

async function expectError(response: APIResponse, status: number, message?: string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (message) expect(body.message).toContain(message);
}

async function waitForReading(get: () => Promise<PolicyDocument>, timeoutMs = 120_000): Promise<PolicyDocument> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    const document = await get();
    if (document.reading) seen.add(document.reading.status);
    if (document.reading && (document.reading.status === "done" || document.reading.status === "failed")) return document;
    if (Date.now() > deadline) throw new Error(`re-read not finished: ${JSON.stringify(document.reading)} (seen ${[...seen].join(", ")})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const uploadPdfPolicy = (request: APIRequestContext, key: string, bytes: Uint8Array, fileName: string) =>
  request.post("/api/v1/policies", { headers: { "X-API-Key": key }, multipart: { file: { name: fileName, mimeType: "application/pdf", buffer: Buffer.from(bytes) } } });

test("an image-only limits column past a tiny cell cap is queued at upload and read by the workers; the drug's check then uses its limit", async ({ playwright }) => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-reread-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PA_DATA_DIR: dataDir, PA_LOG_LEVEL: "error", PA_DEMO_PASSWORD: "demo-pass-reread-1", PA_OCR_MAX_CELLS: "2", PA_REREAD_PROGRESS_MS: "200" };
  delete env.DATABASE_URL;
  const server = await startServer(env, 3193);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  try {
    const key = /API key:\s+(pa_\S+)/.exec(server.output())?.[1];
    expect(key).toBeTruthy();
    const headers = { "X-API-Key": key! };

    // Upload: two limits cells read within the cap of 2; the rows past it are not read yet, and the re-read is queued.
    const created = await uploadPdfPolicy(request, key!, await imageLimitsDrugList(), "drug-list-2026.pdf");
    expect(created.status(), await created.text()).toBe(201);
    const body = await created.json();
    expect(body.policy_document).toMatchObject({ family: "formulary", reading: { status: "queued", reason: "cells" } });
    const documentId: string = body.policy_document.id;
    const before = (body.policies as { drug_names: string[] }[]).map((p) => p.drug_names.join(" "));
    expect(before.join(" | ")).toMatch(/rizatriptan/);
    expect(before.join(" | ")).not.toMatch(/zolpidem/);

    // A case for zolpidem (30 tablets for 30 days): no section for it yet, so the check refuses (422), never approves.
    const kase = await request.post("/api/v1/prior_auths", {
      headers,
      data: { case_id: `REREAD-${Date.now()}`, synchronous_request: true, ePA: { epa_payload: { patient: { first_name: "Rowan", last_name: "Ellery", birth_date: "1971-04-09" }, medication: { drug_name: "zolpidem tartrate 10 mg tablet", quantity: 30, quantity_unit: "tablets", days_supply: 30 } } } },
    });
    expect(kase.status(), await kase.text()).toBe(201);
    const caseId = (await kase.json()).id as string;
    const early = (await (await request.get(`/api/v1/policies/documents/${documentId}`, { headers })).json()) as PolicyDocument;
    if (early.reading?.status === "queued" || early.reading?.status === "reading") await expectError(await request.post(`/api/v1/prior_auths/${caseId}/policy_check`, { headers }), 422, "zolpidem");

    // While it is queued or reading, another re-read is refused (409).
    await expectError(await request.post(`/api/v1/policies/documents/${documentId}/reread`, { headers }), 409, "already being re-read");

    const done = await waitForReading(async () => (await (await request.get(`/api/v1/policies/documents/${documentId}`, { headers })).json()) as PolicyDocument);
    expect(done.reading, JSON.stringify(done.reading)).toMatchObject({ status: "done", reason: "cells", added: 2, drafts: 0, unmatched: 0 });
    expect(done.reading!.total).toBeGreaterThanOrEqual(4);
    const zolpidem = done.sections.find((s) => s.drug_names.join(" ").match(/zolpidem/i));
    expect(zolpidem, JSON.stringify(done.sections)).toBeTruthy();
    expect(done.sections.find((s) => s.drug_names.join(" ").match(/ondansetron/i))).toBeTruthy();
    const policy = await (await request.get(`/api/v1/policies/${zolpidem!.policy_id}`, { headers })).json();
    expect(policy.versions[0].change_note).toMatch(/^Re-read by reader policy-\w+: new section/);
    expect(policy.reader.reread_recommended).toBe(false);
    const criteria = JSON.stringify(policy.parsed.sections);
    expect(criteria).toContain('"kind":"quantity_limit"');
    expect(criteria).toContain("15 tabs per 30 days");

    // The drug's check now reads its limit (15 tablets per 30 days: 30 asked is over it), from the recognised cell.
    const check = await request.post(`/api/v1/prior_auths/${caseId}/policy_check`, { headers });
    expect(check.status(), await check.text()).toBe(200);
    const steps = (await check.json()).policy_check as { outcome: string; policy_quote: { text: string } | null; answer: string }[];
    const limit = steps.find((s) => /15 tabs per 30 days/.test(s.policy_quote?.text ?? ""));
    expect(limit, JSON.stringify(steps)).toBeTruthy();
    expect(steps.every((s) => !/PA_OCR_MAX_CELLS/.test(s.answer))).toBe(true);
    expect(server.output()).not.toMatch(/re-read failed/);
  } finally {
    await request.dispose();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe("on the suite's server", () => {
  let ws: TestWorkspace;
  let other: TestWorkspace;
  test.beforeAll(async () => {
    ws = await createTestWorkspace("Policy reread");
    other = await createTestWorkspace("Policy reread other");
  });

  test("an admin re-reads a document: unchanged sections stay, a section whose criteria a person published gets the reading as its draft", async ({ request, playwright, baseURL }) => {
    test.setTimeout(180_000);
    const headers = { "X-API-Key": ws.apiKey };
    const created = await uploadPdfPolicy(request, ws.apiKey, await partDBook("Example Reread Plan", [EPIDIOLEX, FINTEPLA]), "reread-book.pdf");
    expect(created.status(), await created.text()).toBe(201);
    const body = await created.json();
    const documentId: string = body.policy_document.id;
    expect(body.policy_document.reading).toBeNull();
    const [epidiolex, fintepla] = body.policies as { id: string }[];

    // A person edits Epidiolex's first criterion and publishes it (version 2).
    const full = await (await request.get(`/api/v1/policies/${epidiolex.id}`, { headers })).json();
    const leaf = (node: { kind: string; id: string; children?: unknown[] }): string => (node.kind === "criterion" ? node.id : leaf(node.children![0] as typeof node));
    const criterionId = leaf(full.parsed.sections[0].criteria);
    expect((await request.patch(`/api/v1/policies/${epidiolex.id}`, { headers, data: { criteria_edits: [{ criterion_id: criterionId, manual: true }] } })).status()).toBe(200);
    const published = await request.post(`/api/v1/policies/${epidiolex.id}/publish`, { headers, data: { change_note: "A reviewer reads this one" } });
    expect(published.status(), await published.text()).toBe(200);
    expect((await published.json()).version).toBe(2);

    // Not an admin, another workspace, an unknown or malformed id.
    const reviewer = await addReviewer(ws.workspaceId);
    const session = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
    await signInRequest(session, reviewer.email, reviewer.password);
    await expectError(await session.post(`/api/v1/policies/documents/${documentId}/reread`, { data: {} }), 403);
    await expectError(await session.post(`/api/v1/policies/${epidiolex.id}/reread`, { data: {} }), 403);
    await session.dispose();
    await expectError(await request.post(`/api/v1/policies/documents/${documentId}/reread`, { headers: { "X-API-Key": other.apiKey } }), 404);
    await expectError(await request.post(`/api/v1/policies/${epidiolex.id}/reread`, { headers: { "X-API-Key": other.apiKey } }), 404);
    await expectError(await request.post("/api/v1/policies/documents/00000000-0000-4000-8000-000000000000/reread", { headers }), 404);
    await expectError(await request.post("/api/v1/policies/documents/not-a-uuid/reread", { headers }), 400, "document_id");

    // The re-read: 202 with the document queued (a second request while it runs is 409: see the drug list test).
    const queued = await request.post(`/api/v1/policies/documents/${documentId}/reread`, { headers });
    expect(queued.status(), await queued.text()).toBe(202);
    expect((await queued.json()).reading).toMatchObject({ status: "queued", reason: "request" });
    const done = await waitForReading(async () => (await (await request.get(`/api/v1/policies/documents/${documentId}`, { headers })).json()) as PolicyDocument);
    expect(done.reading, JSON.stringify(done.reading)).toMatchObject({ status: "done", changed: 0, added: 0, drafts: 1, unmatched: 0 });
    const listed = (await (await request.get("/api/v1/policies/documents", { headers })).json()).data as PolicyDocument[];
    expect(listed.find((d) => d.id === documentId)?.reading).toMatchObject({ status: "done" });

    // The person's version stays the active one; the reading waits in the draft, showing the criterion it would restore.
    const after = await (await request.get(`/api/v1/policies/${epidiolex.id}`, { headers })).json();
    expect(after.version).toBe(2);
    const draft = await request.get(`/api/v1/policies/${epidiolex.id}/draft`, { headers });
    expect(draft.status(), await draft.text()).toBe(200);
    expect((await draft.json()).changes).toEqual([expect.objectContaining({ criterion_id: criterionId, change: "changed", check_before: { kind: "manual" } })]);
    expect((await (await request.get(`/api/v1/policies/${fintepla.id}`, { headers })).json()).version).toBe(1);

    // A section's own re-read queues its document's (202, the document).
    const again = await request.post(`/api/v1/policies/${fintepla.id}/reread`, { headers });
    expect(again.status(), await again.text()).toBe(202);
    expect(await again.json()).toMatchObject({ id: documentId, reading: { status: "queued", reason: "request" } });
    const second = await waitForReading(async () => (await (await request.get(`/api/v1/policies/documents/${documentId}`, { headers })).json()) as PolicyDocument);
    // The draft is pending: the new reading is left (not stored again) and nothing else changed.
    expect(second.reading).toMatchObject({ status: "done", changed: 0, drafts: 0 });
    expect(second.reading!.message).toMatch(/1 left: a draft is pending/);
  });

  test("a text upload is re-read at once: unchanged is left alone, a person's published criteria make a draft, a criteria document cannot be re-read", async ({ request }) => {
    const headers = { "X-API-Key": ws.apiKey };
    const text = [
      "Larkspur Health Plan Clinical Policy: Rizatriptan",
      "Criteria for Initial Approval",
      "Migraine",
      "1. Diagnosis of migraine; AND",
      "2. Patient is 12 years of age or older; AND",
      "3. Prescribed by or in consultation with a neurologist.",
    ].join("\n");
    const created = await request.post("/api/v1/policies", { headers, data: { text, drug_names: ["rizatriptan"], status: "active" } });
    expect(created.status(), await created.text()).toBe(201);
    const policyId = (await created.json()).id as string;

    const same = await request.post(`/api/v1/policies/${policyId}/reread`, { headers });
    expect(same.status(), await same.text()).toBe(200);
    expect(await same.json()).toMatchObject({ version: 1, reread: { action: "none" } });

    const full = await (await request.get(`/api/v1/policies/${policyId}`, { headers })).json();
    const leaf = (node: { kind: string; id: string; children?: unknown[] }): string => (node.kind === "criterion" ? node.id : leaf(node.children![0] as typeof node));
    const criterionId = leaf(full.parsed.sections[0].criteria);
    await request.patch(`/api/v1/policies/${policyId}`, { headers, data: { criteria_edits: [{ criterion_id: criterionId, manual: true }] } });
    expect((await request.post(`/api/v1/policies/${policyId}/publish`, { headers, data: { change_note: "Reviewed by hand" } })).status()).toBe(200);

    const drafted = await request.post(`/api/v1/policies/${policyId}/reread`, { headers });
    expect(drafted.status(), await drafted.text()).toBe(200);
    expect(await drafted.json()).toMatchObject({ version: 2, reread: { action: "draft", version: null, change_note: expect.stringMatching(/^Re-read by reader policy-\w+: criteria: 1 changed/) } });
    expect((await request.get(`/api/v1/policies/${policyId}/draft`, { headers })).status()).toBe(200);
    const kept = await request.post(`/api/v1/policies/${policyId}/reread`, { headers });
    expect(await kept.json()).toMatchObject({ version: 2, reread: { action: "draft_exists" } });

    const criteria = await request.post("/api/v1/policies", {
      headers,
      data: { criteria_document: { title: "Eletriptan", drug_names: ["eletriptan"], sections: [{ id: "m", title: "Migraine", kind: "initial", criteria: { all: [{ id: "age", text: "Member is 18 or older", check: { kind: "age", min: 18 } }] } }] } },
    });
    expect(criteria.status(), await criteria.text()).toBe(201);
    await expectError(await request.post(`/api/v1/policies/${(await criteria.json()).id}/reread`, { headers }), 422, "criteria document");
  });

  test("a policy PDF with more scanned pages than a case document may have is stored with what the policy reader read (no whole-page recognition), its sections listed", async ({ request }) => {
    test.setTimeout(120_000);
    const merged = await PDFDocument.create();
    for (const part of [await partDBook("Example Scan Plan", [EPIDIOLEX]), await longImageFax(61, false)]) {
      const source = await PDFDocument.load(part);
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    }
    const upload = await uploadPdfPolicy(request, ws.apiKey, await merged.save(), "book-with-scans.pdf");
    expect(upload.status(), await upload.text()).toBe(201);
    const body = await upload.json();
    expect(body.policies.map((p: { title: string }) => p.title).join(" ")).toMatch(/epidiolex/i);
    const document = await request.get(`/api/v1/policies/documents/${body.policy_document.id}`, { headers: { "X-API-Key": ws.apiKey } });
    expect(document.status()).toBe(200);
    const view = await document.json();
    expect(view.page_count).toBeGreaterThan(61);
    expect(view.sections.length).toBe(body.policies.length);
  });
});
