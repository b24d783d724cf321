import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { makePdf } from "../support/fixtures";
import { POLICY_TEXT, createCase, formPdf, runFromCasePage, uploadPdf } from "../support/cases";
import { EPIDIOLEX, FINTEPLA, partDBook } from "../support/policy-documents";

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
  await expect(page.getByRole("button", { name: "Version 2", exact: true })).toBeVisible();
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

test("a multi-drug document shows its sections: the library, the document page and each section's policy page", async ({ page }) => {
  test.setTimeout(120_000);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pa-policy-")), "antiseizure-book.pdf");
  fs.writeFileSync(file, await partDBook("Example Medicare Plan", [EPIDIOLEX, FINTEPLA]));

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/policies");
  await page.getByLabel("Policy PDF").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and read policy" }).click();
  await expect(page.getByText(/2 drug sections/)).toBeVisible({ timeout: 30_000 });

  // The library lists the document with its sections.
  const listed = page.getByRole("article", { name: "Document antiseizure-book.pdf" });
  await expect(listed).toBeVisible();
  await expect(listed.getByText("Part D criteria book · 2 sections", { exact: false })).toBeVisible();
  const rows = listed.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(/EPIDIOLEX/);
  await expect(rows.nth(1)).toContainText(/FINTEPLA/);

  // The document page: each section with its bound drugs and pages, linking to its policy.
  await page.getByRole("link", { name: "Review its sections" }).click();
  await expect(page.getByRole("heading", { name: "antiseizure-book.pdf" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2 sections" })).toBeVisible();
  const sections = page.getByRole("table", { name: "Sections of this document" }).locator("tbody tr");
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(1)).toContainText("FINTEPLA");
  await expect(sections.nth(1).locator("td").nth(3)).toHaveText("2");

  // A section's policy page says where it comes from and shows that page.
  await sections.nth(1).getByRole("link").click();
  const source = page.getByLabel("Source document");
  await expect(source).toContainText("antiseizure-book.pdf");
  await expect(source).toContainText("Part D criteria book");
  await expect(source).toContainText("page 2");
  await expect(page.getByRole("heading", { name: "Policy document, page 2" })).toBeVisible();
  await expect(page.getByText(/echocardiogram/i).first()).toBeVisible();
  await source.getByRole("link", { name: "antiseizure-book.pdf" }).click();
  await expect(page.getByRole("heading", { name: "2 sections" })).toBeVisible();
});

test("an admin re-reads a policy document from its page: the reading is queued with a progress bar, then finished with what it changed", async ({ page, request }) => {
  test.setTimeout(120_000);
  const created = await request.post("/api/v1/policies", {
    headers: { "X-API-Key": ws.apiKey },
    multipart: { file: { name: "reread-book.pdf", mimeType: "application/pdf", buffer: Buffer.from(await partDBook("Example Reread Plan", [EPIDIOLEX, FINTEPLA])) } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const documentId = (await created.json()).policy_document.id as string;

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/policies/documents/${documentId}`);
  await expect(page.getByRole("heading", { name: "reread-book.pdf" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reading" })).toHaveCount(0);
  await page.getByRole("button", { name: "Re-read with the current reader" }).click();
  const progress = page.getByRole("progressbar", { name: "Requirement cells recognised" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await expect(page.getByRole("button", { name: "Re-read with the current reader" })).toBeDisabled();
  await expect(page.getByText("Re-read finished.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/2 sections read by reader policy-\w+; 0 policies with a new version/)).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Re-read with the current reader" })).toBeEnabled();
  await keepScreenshot(page, "policy-document-reread");
});
