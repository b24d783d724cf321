import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { makePdf, PA_FORM_PAGE } from "./fixtures";

/**
 * The policy check and determination engines answer for real (a policy in the library that matches the form's NDC).
 * Set to false while an engine is being rebuilt: the portal tests then expect the calm "cannot run" states instead.
 */
export const POLICY_ENGINE_READY = true;

export const CLINICAL_NOTE = [
  "Progress note",
  "Assessment: Lennox-Gastaut syndrome (G40.811). Seizures persist despite treatment.",
  "Prior treatments: clobazam 10 mg daily from 01/2023 to 06/2023, failed (inadequate response).",
].join("\n");

export const POLICY_TEXT = [
  "Epidiolex (cannabidiol) Prior Authorization Policy",
  "Criteria for Initial Approval",
  "Lennox-Gastaut Syndrome",
  "1. Diagnosis of Lennox-Gastaut syndrome (G40.811); AND",
  "2. Patient has tried and failed clobazam for at least 30 days; AND",
  "3. Prescribed by or in consultation with a neurologist.",
].join("\n");

export const STEP_THERAPY_CLAIMS = [
  { claim_id: "RX-1001", date: "2023-01-15", type: "pharmacy", status: "paid", drug_name: "clobazam 10 mg tablet", ndc: "00093-0001-01", days_supply: 90 },
  { claim_id: "MED-2001", date: "2023-02-01", type: "medical", status: "paid", procedure_code: "95816" },
];

export const formPdf = () => makePdf([PA_FORM_PAGE, CLINICAL_NOTE]);

/** Uploads a PDF with an API key, as an integration would (raw body). */
export async function uploadPdf(request: APIRequestContext, apiKey: string, bytes: Uint8Array, fileName = "request.pdf"): Promise<{ id: string; document_url: string }> {
  const response = await request.post("/api/v1/documents", { headers: { "X-API-Key": apiKey, "Content-Type": "application/pdf", "X-File-Name": fileName }, data: Buffer.from(bytes) });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A case created synchronously from an uploaded PDF; `receivedAt` backdates its SLA clock. */
export async function createCase(request: APIRequestContext, apiKey: string, opts: { caseId: string; documentUrl: string; receivedAt?: string; expedited?: boolean }) {
  const response = await request.post("/api/v1/prior_auths", {
    headers: { "X-API-Key": apiKey },
    data: { case_id: opts.caseId, document_url: opts.documentUrl, synchronous_request: true, ...(opts.receivedAt ? { received_at: opts.receivedAt } : {}), ...(opts.expedited ? { expedited: true } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; case_id: string; status: string };
}

export async function addPolicy(request: APIRequestContext, apiKey: string) {
  const response = await request.post("/api/v1/policies", { headers: { "X-API-Key": apiKey }, data: { text: POLICY_TEXT, title: "Epidiolex policy", ndc_codes: ["70127-0100-01"], drug_names: ["Epidiolex"], status: "active" } });
  expect(response.status(), await response.text()).toBe(201);
}

export async function addClaims(request: APIRequestContext, apiKey: string, priorAuthId: string) {
  const response = await request.post(`/api/v1/prior_auths/${priorAuthId}/supporting_information`, {
    headers: { "X-API-Key": apiKey },
    data: { claim_history: { data: STEP_THERAPY_CLAIMS }, test_claim: { data: { claim_id: "TEST-1", date: "2026-01-10", status: "pending", expected_coverage: true } } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** After "Run policy check": the walk-through with a labelled outcome per step, or (engine not ready) a calm notice. */
export async function expectPolicyCheckShown(page: Page) {
  const section = page.getByRole("region", { name: "Policy check" });
  if (!POLICY_ENGINE_READY) {
    await expect(section.getByText(/No policy matches this drug yet|cannot run yet|not available/)).toBeVisible();
    return false;
  }
  const strip = section.getByRole("list", { name: "Steps at a glance" });
  await expect(strip.getByRole("listitem").first()).toBeVisible();
  // Every step says its outcome in words, not colour alone.
  const count = await strip.getByRole("listitem").count();
  await expect(strip.getByRole("button", { name: /^Step \d+: (Pass|Fail|Missing|Manual)$/ })).toHaveCount(count);
  return true;
}

/** After "Run determination": the outcome with its recommendation, or (engine not ready) a calm notice. */
export async function expectDeterminationShown(page: Page) {
  const section = page.getByRole("region", { name: "Determination", exact: true });
  if (!POLICY_ENGINE_READY) {
    await expect(section.getByText(/No policy matches this drug yet|cannot run yet|not available/)).toBeVisible();
    return false;
  }
  await expect(section.getByText(/^generated /)).toBeVisible();
  return true;
}
