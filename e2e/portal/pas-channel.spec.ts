// A PAS request is a case like any other in the portal: in the reviewers' queue marked PAS beside cases from /api/v1,
// and on its case page with the request Bundles as received.
import { expect, test } from "@playwright/test";
import type { Bundle } from "@medplum/fhirtypes";
import { createTestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { createCase, formPdf, uploadPdf } from "../support/cases";
import { claimOf, freshPas, pasExample, submitPas } from "../support/pas";
import { screenshotsAtBothWidths, stage, watchOneState } from "../support/case-screen";

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

test("a PAS service request (HCPCS/CPT, no drug) passes the notice gate: the case names the service, the preview names it, the decision issues it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("PAS service notice");
  const bundle = freshPas(pasExample("Bundle-SurgicalRequestBundleExample.json"), `svc-${ws.workspaceId.slice(0, 8)}`);
  const answered = await submitPas(request, ws.apiKey, bundle);
  expect(answered.status(), await answered.text()).toBe(200);
  const priorAuthId = ((await answered.json()) as Bundle).entry![0].resource!.id!;
  const pasCaseId = claimOf(bundle).identifier![0].value!;
  const service = claimOf(bundle).item![0].productOrService!.coding![0];
  const intake = await (await request.get(`/api/v1/prior_auths/${priorAuthId}/intake`, { headers: { "X-API-Key": ws.apiKey } })).json();
  expect(intake.requested_services, JSON.stringify(intake)).toEqual([expect.objectContaining({ code: service.code })]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${priorAuthId}`);
  const header = page.getByTestId("case-header");
  await expect(header).toContainText(`Case ${pasCaseId}`);
  await expect(header.getByText("PAS", { exact: true })).toBeVisible();
  // The header names whom and what: the service (no drug is requested) and the member ID read with the patient.
  const memberId = (intake.fhir.patient.identifier as { value: string; type?: { coding?: { code: string }[] } }[]).find((i) => i.type?.coding?.some((c) => c.code === "MB"))!.value;
  const serviceWords = new RegExp(`(CPT|HCPCS) ${service.code} \\(${service.display}\\)`);
  await expect(header).toContainText("JOE SMITH");
  await expect(header).toContainText(serviceWords);
  await expect(header).not.toContainText("not read");
  await expect(page.getByTestId("case-member-id")).toHaveText(memberId);
  await expect(page.getByRole("region", { name: "Intake" })).toContainText(serviceWords);
  const watched = await watchOneState(page);

  // The preview names the service and the member, and nothing stops the notice: the service passes the gate a drug would.
  await page.getByTestId("case-action-bar").getByRole("button", { name: "Decide", exact: true }).click();
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  await decision.getByLabel(/^Note/).fill("Cardiology notes support the bypass; approved.");
  const preview = page.getByRole("region", { name: "Notice preview" });
  const letter = preview.getByTestId("notice-letter");
  await expect(letter).toContainText("Notice of approval");
  await expect(letter).toContainText(/Patient:\s*JOE SMITH/);
  await expect(letter).toContainText(new RegExp(`Member ID:\\s*${memberId}`));
  await expect(letter).toContainText(new RegExp(`Service:\\s*${serviceWords.source}`));
  await expect(letter).not.toContainText(/Drug:|Quantity:/);
  await expect(preview.getByRole("alert")).toHaveCount(0);
  await screenshotsAtBothWidths(page, "pas-service-preview", () => expect(letter).toContainText("Notice of approval"));
  await page.setViewportSize({ width: 1280, height: 900 });

  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Approved");
  await expect(stage(page, "Decided")).toContainText(`Approved by ${ws.adminEmail}`);
  await expect(page.getByTestId("case-action-bar").getByRole("button", { name: "Change the decision", exact: true })).toBeVisible();
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices).toContainText("Notice of approval");
  await expect(notices).toContainText(serviceWords);
  expect(await watched()).toEqual([]);
  const issued = (await (await request.get(`/api/v1/prior_auths/${priorAuthId}/notices`, { headers: { "X-API-Key": ws.apiKey } })).json()).data;
  expect(issued).toHaveLength(1);
  expect(issued[0].content).toMatchObject({ outcome: "approved", service: { code: service.code }, patient: { memberId } });
});
