// Signing in with a password from the portal: next-auth's credentials call, read to the end. next-auth's own signIn()
// cannot read a 429 (the throttle's answer is an error body, not its redirect), so it lost the wait the server states
// in Retry-After. The answer never says whether the email exists: a wrong password and an unknown email are both
// "wrong", and the throttle counts failures per email whether or not there is an account.
import { getCsrfToken } from "next-auth/react";

export type SignInOutcome =
  | { kind: "signed-in" }
  | { kind: "wrong" }
  | { kind: "locked"; until: Date }
  | { kind: "unreachable" };

/** When a lock ends, from the server's Retry-After (seconds) and the time it answered. */
export function lockEnd(retryAfter: string | null, now: Date): Date | null {
  const seconds = Number(retryAfter);
  return retryAfter && Number.isFinite(seconds) && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
}

export async function signInWithPassword(email: string, password: string, callbackUrl: string): Promise<SignInOutcome> {
  try {
    const csrfToken = await getCsrfToken();
    if (!csrfToken) return { kind: "unreachable" };
    const response = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl, json: "true" }),
    });
    if (response.status === 429) {
      const until = lockEnd(response.headers.get("Retry-After"), new Date());
      return until ? { kind: "locked", until } : { kind: "unreachable" };
    }
    // next-auth answers a refused password with 401 and the error in its redirect address.
    const body = (await response.json().catch(() => null)) as { url?: string } | null;
    if (!body?.url) return { kind: "unreachable" };
    if (new URL(body.url, window.location.origin).searchParams.get("error")) return { kind: "wrong" };
    return response.ok ? { kind: "signed-in" } : { kind: "unreachable" };
  } catch {
    return { kind: "unreachable" };
  }
}

/** "until 19:42 (in 14 minutes)": the lock's end in the reader's clock, and how long that is from now. */
export function lockWords(until: Date, now: Date, formatTime: (d: Date) => string): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `until ${formatTime(until)} (in ${minutes === 1 ? "about a minute" : `${minutes} minutes`})`;
}
