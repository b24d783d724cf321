"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/portal/api-client";

/** Current password, then the new one twice. */
export function ChangePasswordForm({ minLength }: { minLength: number }) {
  const [status, setStatus] = useState<{ message: string; error: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const next = String(form.get("new_password"));
    if (next !== String(form.get("confirm"))) return setStatus({ message: "The two new passwords differ.", error: true });
    setPending(true);
    try {
      await apiFetch("/account/password", { method: "POST", json: { current_password: String(form.get("current_password")), new_password: next } });
      formElement.reset();
      setStatus({ message: "Your password was changed. Your other sessions have ended.", error: false });
    } catch (e) {
      setStatus({ message: (e as Error).message, error: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      <Field label="Current password" name="current_password" type="password" autoComplete="current-password" required />
      <Field label="New password" name="new_password" type="password" autoComplete="new-password" minLength={minLength} required hint={`At least ${minLength} characters, not a common password.`} />
      <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required />
      {status && <p role={status.error ? "alert" : "status"} className={`text-sm ${status.error ? "text-red-700" : "text-emerald-800"}`}>{status.message}</p>}
      <Button type="submit" disabled={pending}>{pending ? "Changing…" : "Change password"}</Button>
    </form>
  );
}
