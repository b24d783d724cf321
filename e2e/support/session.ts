import type { APIRequestContext } from "@playwright/test";

/** Signs a request context in through next-auth's credentials flow, as the login form does. */
export async function signInRequest(request: APIRequestContext, email: string, password: string) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`sign-in failed: ${response.status()}`);
}
