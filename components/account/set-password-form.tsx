"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/portal/api-client";

/** The person behind a one-time link chooses their password (twice, so a typo does not lock them out). */
export function SetPasswordForm({ token, minLength }: { token: string; minLength: number }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) return setError("The two passwords differ.");
    setPending(true);
    setError(null);
    try {
      await apiFetch("/account/password_links", { method: "POST", json: { token, password } });
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div role="status" className="space-y-3 text-sm text-slate-800">
        <p>Your password is set.</p>
        <p><Link className="text-blue-700 underline" href="/login">Sign in</Link></p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="New password" name="password" type="password" autoComplete="new-password" minLength={minLength} required hint={`At least ${minLength} characters, not a common password.`} />
      <Field label="Repeat the password" name="confirm" type="password" autoComplete="new-password" required />
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <Button type="submit" disabled={pending} className="w-full">{pending ? "Saving…" : "Set password"}</Button>
    </form>
  );
}
