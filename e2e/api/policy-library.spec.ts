import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { CLINICAL_NOTE, createCase, uploadPdf } from "../support/cases";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { ENBREL, EPIDIOLEX, FINTEPLA, HUMIRA, partDBook } from "../support/policy-documents";

// One uploaded document, many drug policies: a Part D criteria book of two antiseizure drugs becomes two policies,
// each bound to its drug; a case for one is checked against its own section only.
let ws: TestWorkspace;
let other: TestWorkspace;
let book: Uint8Array;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Policy library");
  other = await createTestWorkspace("Policy library other");
  book = await partDBook("Example Medicare Plan", [EPIDIOLEX, FINTEPLA]);
});

const uploadPolicy = (request: import("@playwright/test").APIRequestContext, apiKey: string, bytes: Uint8Array, fileName: string, query = "") =>
  request.post(`/api/v1/policies${query}`, { headers: { "X-API-Key": apiKey }, multipart: { file: { name: fileName, mimeType: "application/pdf", buffer: Buffer.from(bytes) } } });

type Step = { outcome: string; policy_guideline_quoted_source: string; policy_quote: { text: string } | null; rule?: string; question_or_action: string };
const FINTEPLA_WORDS = /echocardiogram|epileptologist|hepatic/i;

test("a multi-drug document becomes one policy per section; listed, deduplicated, selected by the case's drug, and private to its workspace", async ({ request }) => {
  test.setTimeout(180_000);
  const headers = { "X-API-Key": ws.apiKey };

  // Upload: two sections, each bound to its own drug, linked to one stored document and to its page.
  const created = await uploadPolicy(request, ws.apiKey, book, "antiseizure-criteria.pdf");
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  expect(body.policy_document).toMatchObject({ file_name: "antiseizure-criteria.pdf", family: "part_d_criteria", sections: 2 });
  const documentId: string = body.policy_document.id;
  expect(body.policies).toHaveLength(2);
  const [epidiolex, fintepla] = body.policies as { id: string; drug_names: string[]; criteria_count: number; document: { id: string; section_label: string; pages: number[] } }[];
  expect(epidiolex.drug_names.join(" ")).toMatch(/epidiolex/i);
  expect(fintepla.drug_names.join(" ")).toMatch(/fintepla/i);
  expect(epidiolex.document).toMatchObject({ id: documentId, pages: [1] });
  expect(fintepla.document).toMatchObject({ id: documentId, pages: [2] });
  expect(epidiolex.criteria_count).toBeGreaterThan(0);

  // The library lists them with their document, and by document.
  const listed = (await (await request.get(`/api/v1/policies?document_id=${documentId}`, { headers })).json()).data as typeof body.policies;
  expect(listed.map((p: { id: string }) => p.id)).toEqual([epidiolex.id, fintepla.id]);
  expect(listed[0].document).toMatchObject({ id: documentId, file_name: "antiseizure-criteria.pdf", family: "part_d_criteria", section_label: expect.stringMatching(/epidiolex/i), pages: [1] });
  const documents = (await (await request.get("/api/v1/policies/documents", { headers })).json()).data;
  expect(documents).toHaveLength(1);
  expect(documents[0]).toMatchObject({ id: documentId, file_name: "antiseizure-criteria.pdf", section_count: 2 });
  expect(documents[0].sections.map((s: { policy_id: string }) => s.policy_id)).toEqual([epidiolex.id, fintepla.id]);
  const one = await request.get(`/api/v1/policies/documents/${documentId}`, { headers });
  expect(one.status()).toBe(200);
  expect((await one.json()).sections[1]).toMatchObject({ policy_id: fintepla.id, pages: [2] });
  const policy = await (await request.get(`/api/v1/policies/${fintepla.id}`, { headers })).json();
  expect(policy.document).toMatchObject({ id: documentId, pages: [2] });
  expect(policy.pages.map((p: { page: number }) => p.page)).toEqual([2]);

  // The same file again: 409 naming the policies it made; nothing new stored.
  const again = await uploadPolicy(request, ws.apiKey, book, "copy.pdf");
  expect(again.status()).toBe(409);
  const conflict = await again.json();
  expect(conflict.error).toBe(409);
  expect(conflict.message).toContain(epidiolex.id);
  expect(conflict.message).toContain(fintepla.id);
  expect(conflict.message).toContain("allow_duplicate=true");
  expect((await (await request.get("/api/v1/policies/documents", { headers })).json()).data).toHaveLength(1);
  expect((await request.post("/api/v1/policies?allow_duplicate=maybe", { headers, data: { text: "x" } })).status()).toBe(400);

  // A case for Epidiolex is checked against the Epidiolex section, never Fintepla's criteria.
  const form = await uploadPdf(request, ws.apiKey, await makePdf([PA_FORM_PAGE, CLINICAL_NOTE]));
  const kase = await createCase(request, ws.apiKey, { caseId: "library-epidiolex", documentUrl: form.document_url });
  const check = await request.post(`/api/v1/prior_auths/${kase.id}/policy_check`, { headers });
  expect(check.status(), await check.text()).toBe(200);
  const result = await check.json();
  expect(result.policy).toMatchObject({ id: epidiolex.id, source: "library" });
  const steps = result.policy_check as Step[];
  expect(steps.length).toBeGreaterThan(0);
  expect(steps.some((s) => /neurologist/i.test(s.policy_guideline_quoted_source))).toBe(true);
  for (const s of steps) expect(`${s.policy_guideline_quoted_source} ${s.question_or_action}`).not.toMatch(FINTEPLA_WORDS);
  // Each step names the reading rule that classified its criterion.
  expect(steps.some((s) => typeof s.rule === "string" && s.rule.length > 0)).toBe(true);

  // The same document given with the request: the Epidiolex section is chosen there too.
  const bookDoc = await uploadPdf(request, ws.apiKey, book, "antiseizure-criteria.pdf");
  const byUrl = await request.post(`/api/v1/prior_auths/${kase.id}/policy_check`, { headers, data: { policy_document_url: bookDoc.document_url } });
  expect(byUrl.status(), await byUrl.text()).toBe(200);
  const byUrlSteps = (await byUrl.json()).policy_check as Step[];
  expect(byUrlSteps.some((s) => /neurologist/i.test(s.policy_guideline_quoted_source))).toBe(true);
  for (const s of byUrlSteps) expect(`${s.policy_guideline_quoted_source} ${s.question_or_action}`).not.toMatch(FINTEPLA_WORDS);

  // A document without a section for the case's drug: 422 naming the drug and the document, never another drug's criteria.
  const tnf = await uploadPdf(request, ws.apiKey, await partDBook("Example Medicare Plan", [HUMIRA, ENBREL]), "tnf-criteria.pdf");
  const refused = await request.post(`/api/v1/prior_auths/${kase.id}/policy_check`, { headers, data: { policy_document_url: tnf.document_url } });
  expect(refused.status(), await refused.text()).toBe(422);
  const refusal = await refused.json();
  expect(refusal.error).toBe(422);
  expect(refusal.message).toMatch(/Epidiolex/i);
  expect(refusal.message).toContain("tnf-criteria.pdf");
  const checks = (await (await request.get(`/api/v1/prior_auths/${kase.id}/policy_checks`, { headers })).json()).data;
  expect(checks).toHaveLength(2);

  // A policy of the drug whose criteria could not be read: one manual step, never an empty (met) check nor an approval.
  const unreadable = ["Acme Health Plan Drug Coverage Policy", "Epidiolex (cannabidiol oral solution)", "Effective Date: 01/01/2024", "Coverage of this drug is decided by the plan's pharmacist after a review of the records sent."].join("\n");
  const manual = await request.post(`/api/v1/prior_auths/${kase.id}/policy_check`, { headers, data: { policy_payload: unreadable } });
  expect(manual.status(), await manual.text()).toBe(200);
  const manualBody = await manual.json();
  expect(manualBody.policy_check).toHaveLength(1);
  expect(manualBody.policy_check[0]).toMatchObject({ outcome: "manual", passed: false, policy_quote: null });
  expect(manualBody.policy_check[0].answer).toMatch(/^No criteria could be read for .*Epidiolex/i);
  expect(manualBody.summary.overall).not.toBe("met");
  const determination = await request.post(`/api/v1/prior_auths/${kase.id}/determination`, { headers });
  expect(determination.status(), await determination.text()).toBe(200);
  expect((await determination.json()).determination.status).not.toBe("approved");

  // Another workspace sees none of it; the same file there is its own upload, not a duplicate.
  const otherHeaders = { "X-API-Key": other.apiKey };
  expect((await request.get(`/api/v1/policies/documents/${documentId}`, { headers: otherHeaders })).status()).toBe(404);
  expect((await request.get(`/api/v1/policies/${epidiolex.id}`, { headers: otherHeaders })).status()).toBe(404);
  expect((await (await request.get(`/api/v1/policies?document_id=${documentId}`, { headers: otherHeaders })).json()).data).toEqual([]);
  expect((await (await request.get("/api/v1/policies/documents", { headers: otherHeaders })).json()).data).toEqual([]);
  expect((await uploadPolicy(request, other.apiKey, book, "antiseizure-criteria.pdf")).status()).toBe(201);

  // An explicit second copy is allowed.
  const copy = await uploadPolicy(request, ws.apiKey, book, "copy.pdf", "?allow_duplicate=true");
  expect(copy.status(), await copy.text()).toBe(201);
  expect((await (await request.get("/api/v1/policies/documents", { headers })).json()).data).toHaveLength(2);
});
