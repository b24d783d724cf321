// Issue 14, point 6 in the portal: an admin edits criteria in a form (never JSON), an invalid value is refused next to
// its field, edits collect in a draft the policy check does not read, the draft is compared side by side and
// published, an older version is restored as a draft, and retiring asks first. The editor opens on the draft's check.
// Accessibility: no serious or critical axe findings on the policy page, the editor and the compare views; the focus
// stays where the action was.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { createCase, formPdf, runFromCasePage, uploadPdf } from "../support/cases";

let ws: TestWorkspace;
let policyId: string;
let caseId: string;

// A criteria document in the layout a payer's single-drug policy uses, in our own words.
const CRITERIA = {
  title: "Cannabidiol oral solution - Example Plan",
  drug_names: ["Epidiolex (cannabidiol)"],
  sections: [{
    id: "lgs", title: "Lennox-Gastaut Syndrome", kind: "initial", diagnosis: { names: ["Lennox-Gastaut syndrome"], icd10_prefixes: ["G40.81"] },
    criteria: {
      all: [
        { id: "age", text: "The member is one year old or older", check: { kind: "age", min: 1 } },
        { id: "dx", text: "The member has a diagnosis of Lennox-Gastaut syndrome", check: { kind: "diagnosis", names: ["Lennox-Gastaut syndrome"], icd10Prefixes: ["G40.81"] } },
      ],
    },
  }],
};

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

async function newPolicy(request: APIRequestContext) {
  const response = await request.post("/api/v1/policies", { headers: { "X-API-Key": ws.apiKey }, data: { criteria_document: CRITERIA, status: "active" } });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return (body.policies?.[0]?.id ?? body.id) as string;
}

/** The policy check run from the case page (another tab of the same session): which version it read, the age step's outcome. */
async function checkFromCase(page: Page) {
  const tab = await page.context().newPage();
  await tab.goto(`/cases/${caseId}`);
  const answer = await runFromCasePage(tab, "Run policy check");
  await tab.close();
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const steps = answer.body.policy_check as { criterion_id: string; outcome: string }[];
  return { version: answer.body.policy.version as number, age: steps.find((s) => s.criterion_id === "age")?.outcome };
}

test.beforeAll(async ({ request }) => {
  ws = await createTestWorkspace("Criteria editor");
  policyId = await newPolicy(request);
  // The form's patient was born in 2012 and has Lennox-Gastaut syndrome (G40.811).
  const doc = await uploadPdf(request, ws.apiKey, await formPdf(), "editor-form.pdf");
  caseId = (await createCase(request, ws.apiKey, { caseId: `EDITOR-${Date.now()}`, documentUrl: doc.document_url })).id;
});

test("an admin edits an age bound and a diagnosis list in the form, reviews the draft side by side, publishes, restores and retires", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/policies/${policyId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CRITERIA.title);
  await expect(page.getByText("version 1", { exact: false }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await checkFromCase(page)).toEqual({ version: 1, age: "met" });

  // The age bound: a form per kind, focus on its first field; a value that is not a number is refused beside the field.
  await page.getByRole("button", { name: "Edit check of age" }).click();
  const ageForm = page.getByRole("form", { name: "Edit the check of age" });
  await expect(ageForm.getByLabel("Kind of check")).toBeFocused();
  const minAge = ageForm.getByLabel("Minimum age (years)");
  await expect(minAge).toHaveValue("1");
  await minAge.fill("one");
  await expect(minAge).toHaveAttribute("aria-invalid", "true");
  await expect(minAge).toHaveAccessibleDescription("expected number");
  await expect(ageForm.getByRole("button", { name: "Add to draft" })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "criteria-editor-invalid");
  await minAge.fill("140");
  await expect(minAge).toHaveAccessibleDescription("must be at most 130");
  await minAge.fill("18");
  await expect(minAge).not.toHaveAttribute("aria-invalid", "true");
  await ageForm.getByRole("button", { name: "Add to draft" }).click();
  const ageSaved = page.getByRole("status").filter({ hasText: "Added to the draft" });
  await expect(ageSaved).toBeFocused();
  await expect(page.getByTestId("draft-check-age")).toContainText("at least 18 years");
  await expect(page.getByRole("heading", { name: "Draft: 1 criterion change not yet live" })).toBeVisible();

  // The diagnosis list: one code per line; a code that is not ICD-10 is refused, then a second code is added.
  await page.getByRole("button", { name: "Edit check of dx" }).click();
  const dxForm = page.getByRole("form", { name: "Edit the check of dx" });
  const codes = dxForm.getByLabel("ICD-10 codes or prefixes");
  await expect(codes).toHaveValue("G40.81");
  await codes.fill("G40.81\nLGS-1");
  await expect(codes).toHaveAttribute("aria-invalid", "true");
  await expect(codes).toHaveAccessibleDescription(/expected an ICD-10 code or prefix/);
  await codes.fill("G40.81\nG40.82");
  await dxForm.getByLabel("Diagnosis names").fill("Lennox-Gastaut syndrome\nEpileptic spasms");
  await dxForm.getByRole("button", { name: "Add to draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to the draft" }).last()).toBeFocused();
  await expect(page.getByRole("heading", { name: "Draft: 2 criterion changes not yet live" })).toBeVisible();

  // Opening the editor again starts from the draft's check, not the active version's.
  await page.getByRole("button", { name: "Edit check of age" }).click();
  await expect(page.getByRole("form", { name: "Edit the check of age" }).getByLabel("Minimum age (years)")).toHaveValue("18");
  await page.getByRole("form", { name: "Edit the check of age" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Edit check of age" })).toBeFocused();
  await page.getByRole("button", { name: "Edit check of dx" }).click();
  await expect(page.getByRole("form", { name: "Edit the check of dx" }).getByLabel("ICD-10 codes or prefixes")).toHaveValue("G40.81\nG40.82");
  await page.getByRole("form", { name: "Edit the check of dx" }).getByRole("button", { name: "Cancel" }).click();

  // Not live yet: the policy check from the case still reads version 1.
  expect(await checkFromCase(page)).toEqual({ version: 1, age: "met" });
  await page.reload();
  await expect(page.getByTestId("draft-check-age")).toContainText("at least 18 years");

  // The draft side by side against the active version.
  await page.getByRole("button", { name: "Review draft" }).click();
  const diff = page.getByRole("table", { name: "Changes in the draft against the active version" });
  await expect(diff.locator("tbody tr")).toHaveCount(2);
  const ageRow = diff.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^age/ }) });
  await expect(ageRow.getByRole("cell").nth(0)).toContainText("at least 1 years");
  await expect(ageRow.getByRole("cell").nth(1)).toContainText("at least 18 years");
  const dxRow = diff.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^dx/ }) });
  await expect(dxRow.getByRole("cell").nth(1)).toContainText("G40.82");
  await expect(dxRow.getByRole("cell").nth(0)).not.toContainText("G40.82");
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "criteria-draft-compare");

  // Publish: version 2 is active, the outcome holds the focus, and the check now reads it.
  await page.getByLabel("Change note").fill("Adults only; epileptic spasms added");
  await page.getByRole("button", { name: "Publish as version 2" }).click();
  const published = page.getByRole("status").filter({ hasText: "Published as version 2" });
  await expect(published).toBeFocused();
  await expect(page.getByRole("heading", { name: /^Draft:/ })).toHaveCount(0);
  await expect(page.getByText(/version 2/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Version 2", exact: true })).toBeVisible();
  await expect(page.getByText("Adults only; epileptic spasms added", { exact: false })).toBeVisible();
  expect(await checkFromCase(page)).toEqual({ version: 2, age: "not_met" });

  // Versions compared side by side.
  await page.getByRole("button", { name: "Compare with version 2" }).click();
  const compared = page.getByRole("table", { name: "Criteria changed from version 1 to 2" });
  await expect(compared.locator("tbody tr")).toHaveCount(2);
  await expect(compared.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^age/ }) })).toContainText("at least 18 years");
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "criteria-versions-compare");

  // Restore version 1 as a draft: nothing live changes; the editor opens on the restored check.
  await page.getByRole("button", { name: "Restore version 1 as draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A draft was made from that version" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draft: 2 criterion changes not yet live" })).toBeVisible();
  await expect(page.getByTestId("draft-check-age")).toContainText("at least 1 years");
  await page.getByRole("button", { name: "Edit check of age" }).click();
  await expect(page.getByRole("form", { name: "Edit the check of age" }).getByLabel("Minimum age (years)")).toHaveValue("1");
  await page.getByRole("form", { name: "Edit the check of age" }).getByRole("button", { name: "Cancel" }).click();
  expect(await checkFromCase(page)).toEqual({ version: 2, age: "not_met" });
  await page.getByRole("button", { name: "Review draft" }).click();
  await page.getByLabel("Change note").fill("Back to version 1");
  await page.getByRole("button", { name: "Publish as version 3" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 3" })).toBeFocused();
  expect(await checkFromCase(page)).toEqual({ version: 3, age: "met" });

  // Retiring asks first: keeping it changes nothing; confirming retires it.
  const status = page.getByLabel("Status", { exact: true });
  await status.selectOption("retired");
  const dialog = page.getByRole("dialog", { name: "Retire this policy?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "criteria-retire-confirm");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveValue("active");
  await status.selectOption("retired");
  await dialog.getByRole("button", { name: "Retire policy" }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveValue("retired");
});
