"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    // A throttled sign-in is a 429 error body, which next-auth's client cannot read as a redirect: it throws.
    const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false }).catch(() => "throttled" as const);
    setPending(false);
    if (result === "throttled") setError("Too many failed sign-ins (or the service is unreachable): wait a few minutes and try again.");
    else if (result?.ok) router.push(params.get("callbackUrl") ?? "/cases");
    else setError("The email or password is not right.");
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
