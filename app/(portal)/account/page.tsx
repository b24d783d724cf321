import Link from "next/link";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";
import { requireMember } from "@/lib/portal/current-member";

export const dynamic = "force-dynamic";

// The signed-in person's own account: their password (only they change it) and the switch to another workspace.
export default async function AccountPage() {
  const member = await requireMember();
  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-semibold">Your account</h1>
      <p className="text-sm text-slate-700">Signed in as {member.email}, in {member.workspace.name}. <Link className="text-blue-700 underline" href="/choose-workspace">Switch workspace</Link></p>
      <section aria-labelledby="password-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="password-title" className="text-lg font-semibold">Change your password</h2>
        <p className="mt-1 text-sm text-slate-600">Your other sessions, on any device and in every workspace, end when you change it.</p>
        <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} />
      </section>
    </div>
  );
}
