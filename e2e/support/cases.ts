import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { makePdf, PA_FORM_PAGE } from "./fixtures";

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

/** The Epidiolex policy, as an admin adds it through the API (selected for the form's drug by name). */
export async function addPolicy(request: APIRequestContext, apiKey: string) {
  const response = await request.post("/api/v1/policies", { headers: { "X-API-Key": apiKey }, data: { text: POLICY_TEXT, drug_names: ["Epidiolex (cannabidiol)"] } });
  expect(response.status(), await response.text()).toBe(201);
}

export async function addClaims(request: APIRequestContext, apiKey: string, priorAuthId: string) {
  const response = await request.post(`/api/v1/prior_auths/${priorAuthId}/supporting_information`, {
    headers: { "X-API-Key": apiKey },
    data: { claim_history: { data: STEP_THERAPY_CLAIMS }, test_claim: { data: { claim_id: "TEST-1", date: "2026-01-10", status: "pending", expected_coverage: true } } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** What a run button's POST answered: the status and the JSON body (a result, or `{error, message}`). */
export interface RunAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, read field by field in the specs
  body: any;
}

/** Clicks a run button on the case page and waits for the POST it sends. */
export async function runFromCasePage(page: Page, button: "Run policy check" | "Run determination"): Promise<RunAnswer> {
  const path = button === "Run policy check" ? "/policy_check" : "/determination";
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith(path), { timeout: 45_000 }),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/**
 * A run that did not answer 200 is explained calmly in its section, in the API's own words and never as raw JSON:
 * 422 "No active policy matches this drug", a server error "could not run".
 */
async function expectRunProblemShown(section: Locator, answer: RunAnswer, what: string) {
  const message: string = answer.body?.message ?? "";
  if (answer.status === 422) await expect(section.getByText("No active policy matches this drug")).toBeVisible();
  else if (answer.status === 409) await expect(section.getByText(`The ${what} cannot run yet`)).toBeVisible();
  else if (answer.status >= 500) await expect(section.getByText(`The ${what} could not run`)).toBeVisible();
  if (message) await expect(section).toContainText(message);
  await expect(section).not.toContainText(/\{\s*"error"/);
}

/** After "Run policy check": the walk-through with one labelled step per answered step, or the calm problem state. */
export async function expectPolicyCheckShown(page: Page, answer: RunAnswer): Promise<boolean> {
  const section = page.getByRole("region", { name: "Policy check" });
  if (answer.status !== 200) {
    await expectRunProblemShown(section, answer, "policy check");
    return false;
  }
  const steps = answer.body.policy_check as unknown[];
  if (steps.length === 0) {
    await expect(section.getByText("The policy has no criteria to check")).toBeVisible();
    return false;
  }
  // Every step says its outcome in words, not colour alone.
  const strip = section.getByRole("list", { name: "Steps at a glance" });
  await expect(strip.getByRole("button", { name: /^Step \d+: (Met|Not met|Missing|Manual)$/ })).toHaveCount(steps.length);
  return true;
}

/** After "Run determination": the outcome with its recommendation, or the calm problem state. */
export async function expectDeterminationShown(page: Page, answer: RunAnswer): Promise<boolean> {
  const section = page.getByRole("region", { name: "Determination", exact: true });
  if (answer.status !== 200) {
    await expectRunProblemShown(section, answer, "determination");
    return false;
  }
  await expect(section.getByText(/^generated /)).toBeVisible();
  const { recommendation, summary, reasoning } = answer.body.determination as { recommendation: string; summary: string; reasoning: { description: string }[] };
  if (recommendation) await expect(section).toContainText(recommendation);
  if (summary) await expect(section).toContainText(summary);
  if (reasoning.length) await expect(section.getByRole("listitem").filter({ hasText: reasoning[0].description }).first()).toBeVisible();
  return true;
}
