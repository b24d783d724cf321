import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { makePdf } from "../support/fixtures";
import { POLICY_TEXT, createCase, formPdf, runFromCasePage, uploadPdf } from "../support/cases";

let ws: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Policies");
});

test("an admin uploads a policy PDF, sees the criteria with highlighted quotes, edits a code, and the policy check runs from the case page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pa-policy-")), "epidiolex-policy.pdf");
  fs.writeFileSync(file, await makePdf([`${POLICY_TEXT}\nCovered drug: Epidiolex (cannabidiol oral solution)`, "Page 2\nReferences\n1. Published literature."]));

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.getByRole("link", { name: "Policies" }).click();
  await page.getByLabel("Policy PDF").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and read policy" }).click();
  await expect(page.getByText(/criteria in \d+ section/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Review it" }).click();

  // The criteria tree, and a criterion's verbatim quote highlighted in the page text.
  const criterion = page.getByRole("button", { name: /tried and failed clobazam/ });
  await expect(criterion).toBeVisible();
  await criterion.click();
  await expect(page.locator("mark").filter({ hasText: "clobazam" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Page 1 of the document" })).toBeVisible({ timeout: 20_000 });
  await keepScreenshot(page, "policy-page");

  // Codes are edited: a new version.
  await page.getByLabel("NDC codes").fill("70127-0100-01");
  await page.getByRole("button", { name: "Save codes (new version)" }).click();
  await expect(page.getByRole("button", { name: "Version 2" })).toBeVisible();
  await expect(page.getByLabel("NDC codes")).toHaveValue("70127010001");

  // A case whose NDC matches: its policy check runs from the case page with this policy.
  const doc = await uploadPdf(request, ws.apiKey, await formPdf());
  const created = await createCase(request, ws.apiKey, { caseId: "policy-portal-1", documentUrl: doc.document_url });
  await page.goto(`/cases/${created.id}`);
  const check = await runFromCasePage(page, "Run policy check");
  expect(check.status).toBe(200);
  expect(check.body.policy).toMatchObject({ source: "library", version: 2 });
  expect(check.body.policy_check.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(/tried and failed clobazam/).first()).toBeVisible();
});
