// Issue 14, points 4 and 5 in the browser: a request for information is answered by adding documents on the case
// page (the drop zone's file input), and the notices list offers each notice's PDF. Axe scans the case page with
// these panels; focus and announcements stay with the action.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { CLINICAL_NOTE, createCase, formPdf, uploadPdf } from "../support/cases";
import { makePdf } from "../support/fixtures";

let ws: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Rfi");
});

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("a request for information: its notice's PDF from the list, then the answer added through the drop zone", async ({ page, request }) => {
  const doc = await uploadPdf(request, ws.apiKey, await formPdf(), "rfi-form.pdf");
  const pa = await createCase(request, ws.apiKey, { caseId: `RFI-${Date.now()}`, documentUrl: doc.document_url });
  test.skip(!["Succeeded", "pending_review"].includes(pa.status), `intake did not make the case ready (${pa.status})`);
  const asked = await request.post(`/api/v1/prior_auths/${pa.id}/review`, {
    headers: { "X-API-Key": ws.apiKey },
    data: { decision: "request_for_information", note: "Send the chart notes with the seizure frequency and the prior therapies." },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await expect(page.getByRole("heading", { name: "Answer the request for information" })).toBeVisible();
  const notices = page.getByRole("list", { name: "Notices" });
  await expect(notices.getByRole("listitem")).toHaveCount(1);
  const pdfLink = notices.getByRole("link", { name: /Download PDF/ });
  const href = await pdfLink.getAttribute("href");
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "case-request-for-information");

  const answer = await makePdf([CLINICAL_NOTE]);
  await page.getByLabel("Choose files").setInputFiles({ name: "chart-notes.pdf", mimeType: "application/pdf", buffer: Buffer.from(answer) });
  await expect(page.getByText("1 document added: the case is read again.")).toBeVisible();
  // The case leaves "waiting for information": it is read again and comes back to review by itself.
  await expect(page.getByTestId("case-status")).not.toContainText(/information/i, { timeout: 45_000 });
  const documents = await (await request.get(`/api/v1/prior_auths/${pa.id}/documents`, { headers: { "X-API-Key": ws.apiKey } })).json();
  expect(JSON.stringify(documents)).toContain("chart-notes.pdf");
});
