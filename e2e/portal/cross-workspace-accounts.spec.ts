// Issue 19, point 2, replayed in the browser as it was found: workspace A creates a person, workspace B adds the same
// email, A removes the member, and A's admin tries to sign in as them and land in B. Now: A only ever holds a one-time
// link the person uses to choose their own password; B's add is an invitation (no password field anywhere); A's admin
// has no password that works; the person is asked which workspace; removal ends the session in A and only there.
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { setPasswordThroughLink } from "../support/accounts";

let a: TestWorkspace & { name: string };
let b: TestWorkspace & { name: string };

async function withName(ws: TestWorkspace, request: import("@playwright/test").APIRequestContext) {
  const settings = await (await request.get("/api/v1/workspace", { headers: { "X-API-Key": ws.apiKey } })).json();
  return { ...ws, name: settings.name as string };
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${process.env.PA_TEST_PORT ?? 3100}` });
  const [wa, wb] = await Promise.all([createTestWorkspace("CrossA"), createTestWorkspace("CrossB")]);
  [a, b] = await Promise.all([withName(wa, request), withName(wb, request)]);
  await request.dispose();
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** An admin invites the email on the members page: no password field; the one-time link is shown once. */
async function invite(page: Page, email: string, role: "Reviewer" | "Admin"): Promise<string> {
  await page.goto("/settings/members");
  const form = page.getByRole("form", { name: "Add member" });
  await expect(form.getByLabel(/password/i)).toHaveCount(0);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Invite member" }).click();
  const shown = form.getByTestId("one-time-link");
  await expect(shown).toContainText(`${email} is invited.`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Invited");
  return shown.getByRole("textbox").inputValue();
}

async function signInExpectingRefusal(browser: Browser, email: string, password: string) {
  const page = await newPage(browser);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("The email or password is not right.");
  await expect(page).toHaveURL(/\/login/);
  await page.context().close();
}

test("the cross-workspace takeover fails: invitations, own passwords, an explicit workspace choice, removal ends that workspace's session", async ({ browser }) => {
  const email = `person-${randomUUID().slice(0, 8)}@cross.test`;
  const password = `own-${randomUUID()}`;

  // A's admin creates the person: an activation link, which the person opens to choose their own password.
  const adminA = await newPage(browser);
  await logIn(adminA, a.adminEmail, a.adminPassword);
  const linkA = await invite(adminA, email, "Reviewer");
  const person = await newPage(browser);
  await person.goto(new URL(linkA).pathname);
  await expect(person.getByRole("heading", { name: `Set up your account for ${a.name}` })).toBeVisible();
  await setPasswordThroughLink(person, linkA, password);
  await adminA.reload();
  await expect(adminA.getByRole("row").filter({ hasText: email })).toContainText("Active");

  // B's admin adds the same email: an invitation (no password field); B's link cannot set a password.
  const adminB = await newPage(browser);
  await logIn(adminB, b.adminEmail, b.adminPassword);
  const linkB = await invite(adminB, email, "Admin");
  const fromB = await newPage(browser);
  await fromB.goto(new URL(linkB).pathname);
  await expect(fromB.getByText(`The account ${email} already has a password.`)).toBeVisible();
  await expect(fromB.getByLabel("New password")).toHaveCount(0);
  await fromB.context().close();

  // A can no longer issue a password link for the account: it is invited elsewhere.
  const rowA = adminA.getByRole("row").filter({ hasText: email });
  await rowA.getByRole("button", { name: `Password link for ${email}` }).click();
  await adminA.getByRole("dialog").getByRole("button", { name: "Issue link" }).click();
  await expect(adminA.getByTestId("members-status")).toContainText("also belongs to (or is invited to) another workspace");

  // The person signs in: asked which workspace, with B's invitation to accept.
  await person.goto("/login");
  await person.getByLabel("Email").fill(email);
  await person.getByLabel("Password").fill(password);
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person.getByRole("heading", { name: "Choose a workspace" })).toBeVisible();
  await expect(person.getByRole("button", { name: `Open ${a.name}` })).toBeVisible();
  await expect(person.getByText(`${b.name} invites you as admin`)).toBeVisible();
  await keepScreenshot(person, "choose-workspace-invitation");
  await person.getByRole("button", { name: `Accept the invitation to ${b.name}` }).click();
  await expect(person.getByRole("button", { name: `Open ${b.name}` })).toBeVisible();
  await person.getByRole("button", { name: `Open ${b.name}` }).click();
  await expect(person).toHaveURL(/\/cases/);
  await expect(person.getByTestId("workspace-name")).toHaveText(b.name);

  // A second session of the person, in A (chosen explicitly through the chooser).
  const personInA = await newPage(browser);
  await personInA.goto("/login");
  await personInA.getByLabel("Email").fill(email);
  await personInA.getByLabel("Password").fill(password);
  await personInA.getByRole("button", { name: "Sign in" }).click();
  await personInA.getByRole("button", { name: `Open ${a.name}` }).click();
  await expect(personInA.getByTestId("workspace-name")).toHaveText(a.name);

  // A removes the member: the session in A ends at once, the one in B goes on.
  await adminA.reload();
  await adminA.getByRole("row").filter({ hasText: email }).getByRole("button", { name: `Remove ${email}` }).click();
  await adminA.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(adminA.getByTestId("members-status")).toHaveText(`${email} was removed from the workspace.`);
  await personInA.goto("/cases");
  await expect(personInA.getByText("Your session in that workspace has ended")).toBeVisible();
  await expect(personInA.getByRole("button", { name: `Open ${a.name}` })).toHaveCount(0);
  await keepScreenshot(personInA, "choose-workspace-ended");
  await person.goto("/cases");
  await expect(person.getByTestId("workspace-name")).toHaveText(b.name);

  // A's admin tries every password it could know: none signs in as the person.
  for (const guess of [a.adminPassword, b.adminPassword, "unused-initial-password"]) await signInExpectingRefusal(browser, email, guess);

  // The person, now in B only, signs in straight into B with their own password.
  const later = await newPage(browser);
  await logIn(later, email, password);
  await expect(later.getByTestId("workspace-name")).toHaveText(b.name);
});
