import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** An admin's invitation through the API, as the members page sends it: the member and the one-time link. */
export async function inviteMember(admin: APIRequestContext, email: string, role: "admin" | "reviewer" = "reviewer") {
  const response = await admin.post("/api/v1/members", { data: { email, role } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string; status: string; invitation: { url: string; expires_at: string } };
  return { id: body.id, status: body.status, url: body.invitation.url, token: linkToken(body.invitation.url) };
}

/** The token at the end of a one-time link (/activate/{token}). */
export const linkToken = (url: string) => new URL(url).pathname.split("/").pop()!;

/** The person behind a link sets their password in the browser, as they would. */
export async function setPasswordThroughLink(page: Page, url: string, password: string) {
  await page.goto(new URL(url).pathname);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set.")).toBeVisible();
}

type Playwright = { request: { newContext(options: { baseURL?: string; extraHTTPHeaders?: Record<string, string> }): Promise<APIRequestContext> } };

/** A request context signed in as the portal would be (same origin), for API calls made with a session cookie. */
export async function signedInContext(playwright: Playwright, baseURL: string | undefined, email: string, password: string) {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  const { csrfToken } = await (await context.get("/api/auth/csrf")).json();
  await context.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, maxRedirects: 0 });
  return context;
}

/** The session's claims as next-auth answers them ({} when signed out). */
export async function sessionOf(context: APIRequestContext): Promise<{ user?: unknown; workspaceId?: string }> {
  return (await (await context.get("/api/auth/session")).json()) ?? {};
}

/** The explicit workspace switch the chooser makes (next-auth's session update); answers the session after it. */
export async function chooseWorkspace(context: APIRequestContext, workspaceId: string) {
  const { csrfToken } = await (await context.get("/api/auth/csrf")).json();
  const response = await context.post("/api/auth/session", { data: { csrfToken, data: { workspaceId } } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { workspaceId?: string };
}
