"use client";

import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { lockWords, signInWithPassword } from "@/lib/portal/sign-in";

/** Where to go once signed in: a page of this portal only (never another site named in the address). */
function sameOriginPath(value: string | null): string {
  if (!value) return "/cases";
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : "/cases";
  } catch {
    return "/cases";
  }
}

const clock = (d: Date) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

export function LoginForm() {
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    const callbackUrl = sameOriginPath(params.get("callbackUrl"));
    const outcome = await signInWithPassword(String(form.get("email") ?? ""), String(form.get("password") ?? ""), callbackUrl);
    if (outcome.kind === "signed-in") {
      // A full load: the session provider starts from the new session (and the server routes to the workspace choice).
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    // The same words whether or not the email has an account: the lock counts failures per email either way.
    if (outcome.kind === "locked") setError(`Too many failed sign-ins: sign-in is locked ${lockWords(outcome.until, new Date(), clock)}.`);
    else if (outcome.kind === "wrong") setError("The email or password is not right.");
    else setError("The service could not be reached: try again in a moment.");
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4">
      <Field label="Email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <Button type="submit" disabled={pending} className="w-full">{pending ? "Signing in…" : "Sign in"}</Button>
    </form>
  );
}
