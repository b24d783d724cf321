// A PAS request is a case like any other in the portal: in the reviewers' queue marked PAS beside cases from /api/v1,
// and on its case page with the request Bundles as received.
import { expect, test } from "@playwright/test";
import type { Bundle } from "@medplum/fhirtypes";
import { createTestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { createCase, formPdf, uploadPdf } from "../support/cases";
import { claimOf, freshPas, pasExample, submitPas } from "../support/pas";

test("the queue marks the PAS request, not the /api/v1 case; the case page links the Bundle as received", async ({ page, request }) => {
  test.setTimeout(90_000);
  const ws = await createTestWorkspace("PAS portal");
  const bundle = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), ws.workspaceId.slice(0, 8));
  const answered = await submitPas(request, ws.apiKey, bundle);
  expect(answered.status(), await answered.text()).toBe(200);
  const priorAuthId = ((await answered.json()) as Bundle).entry![0].resource!.id!;
  const pasCaseId = claimOf(bundle).identifier![0].value!;
  const upload = await uploadPdf(request, ws.apiKey, await formPdf());
  await createCase(request, ws.apiKey, { caseId: "API-CASE-1", documentUrl: upload.document_url });

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases");
  const row = (caseId: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: caseId, exact: true }) });
  await expect(row(pasCaseId)).toBeVisible();
  await expect(row("API-CASE-1")).toBeVisible();
  await expect(row(pasCaseId).getByText("PAS", { exact: true })).toBeVisible();
  await expect(row("API-CASE-1").getByText("PAS", { exact: true })).toHaveCount(0);

  await row(pasCaseId).getByRole("link", { name: pasCaseId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cases/${priorAuthId}`));
  const header = page.getByTestId("case-header");
  await expect(header.getByText("PAS", { exact: true })).toBeVisible();
  const link = header.getByRole("link", { name: "PAS request Bundles as received" });
  await expect(link).toHaveAttribute("href", `/api/v1/prior_auths/${priorAuthId}/pas_submissions`);
  // What the link opens, with the reviewer's session: the Bundle exactly as the submitter sent it.
  const received = await page.request.get(`/api/v1/prior_auths/${priorAuthId}/pas_submissions`);
  expect(received.status()).toBe(200);
  expect((await received.json()).data[0].request_bundle).toEqual(bundle);
});
