// A6 in the portal (issue 23): a reviewer approves a pended PAS item with a modification on the case page (a lower
// quantity and a shorter period than asked); the page shows the decision and its modification, a modification that
// certifies more than asked is refused in the API's words, and the PAS answer says A6 with the certified values.
import { expect, test } from "@playwright/test";
import { apiClient } from "../support/api";
import { claimOf, freshPas, pasExample, readClaimResponse, reviewActions, submitConforming } from "../support/pas";
import { logIn } from "../support/portal";
import { signInRequest } from "../support/session";
import { addReviewer, createTestWorkspace } from "../support/workspace";

test("the reviewer approves item 1 with 6 visits from December to February: the page and the ClaimResponse (A6) say so", async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("PAS A6 portal");
  const bundle = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `a6p-${ws.workspaceId.slice(0, 8)}`);
  Object.assign(claimOf(bundle).item![0], { quantity: { value: 12 }, servicedPeriod: { start: "2026-12-01", end: "2027-05-31" } });
  const { claimResponse } = await submitConforming(request, ws.apiKey, bundle, "referral for the portal's A6");
  const priorAuthId = claimResponse.id!;
  await expect.poll(async () => (await apiClient(request, ws.apiKey).getJson(priorAuthId)).status, { timeout: 30_000 }).toBe("Succeeded");

  // The notice names verified facts: the patient and the service's drug are recorded first (as in the API spec).
  const account = await addReviewer(ws.workspaceId);
  const reviewerApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(reviewerApi, account.email, account.password);
  for (const correction of [
    { field: "drug", value: { name: "repatha" }, source: { kind: "reviewer" }, note: "PAS service request" },
    { field: "patient_name", value: { given: "JOE", family: "SMITH" }, source: { kind: "reviewer" }, note: "PAS Patient" },
  ]) {
    const corrected = await reviewerApi.post(`/api/v1/prior_auths/${priorAuthId}/corrections`, { data: correction });
    expect(corrected.status(), await corrected.text()).toBe(201);
  }
  await reviewerApi.dispose();

  await logIn(page, account.email, account.password);
  await page.goto(`/cases/${priorAuthId}`);
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  const modification = decision.getByRole("group", { name: /Approve an item with a modification/ });
  await expect(modification).toBeVisible();
  await modification.getByLabel("Item", { exact: true }).fill("1");
  await modification.getByLabel("Certified quantity").fill("20");
  await decision.getByLabel(/^Note/).fill("Six visits first; ask again with progress notes.");
  await decision.getByRole("button", { name: "Record decision" }).click();
  // More than asked: refused in the API's words, nothing recorded.
  await expect(decision.getByText(/must be lower than the 12 asked/)).toBeVisible();
  await expect(decision.getByText("No decision recorded yet.")).toBeVisible();

  await modification.getByLabel("Certified quantity").fill("6");
  await modification.getByLabel("Certified from").fill("2026-12-01");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(modification.getByText("Give the certified period's first and last day.")).toBeVisible();
  await modification.getByLabel("Certified to").fill("2027-02-28");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(decision.getByRole("status").filter({ hasText: "Decision recorded: Approved." })).toBeVisible();
  const recorded = decision.getByRole("listitem").filter({ hasText: "Six visits first; ask again with progress notes." });
  await expect(recorded).toContainText("Item 1 certified with modification: quantity 6, 2026-12-01 to 2027-02-28");
  await expect(page.getByTestId("case-status")).toHaveText("Approved");

  // The PAS answer: A6 with the certified quantity and period, conforming.
  const answer = await readClaimResponse(request, { apiKey: ws.apiKey }, priorAuthId);
  expect(reviewActions(answer)).toEqual({ 1: "A6" });
  const extensions = answer.item![0].extension!;
  expect(extensions.find((e) => e.url.endsWith("/extension-itemAuthorizedDetail"))!.extension).toEqual([{ url: "quantity", valueQuantity: { value: 6 } }]);
  expect(extensions.find((e) => e.url.endsWith("/extension-itemPreAuthPeriod"))!.valuePeriod).toEqual({ start: "2026-12-01", end: "2027-02-28" });
});
