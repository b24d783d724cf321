import Link from "next/link";
import { AccountCard } from "@/components/account/account-card";
import { SetPasswordForm } from "@/components/account/set-password-form";
import { readAccountLink } from "@/lib/accounts/read-account-link";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";

export const dynamic = "force-dynamic";

// A one-time link an admin passed on: a new account sets its password here (which accepts the invitation); an
// existing account is sent to sign in with its own password. Opening the page does not spend the link.
export default async function ActivatePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await readAccountLink(token);
  if (link.state === "invalid") {
    return (
      <AccountCard title="This link does not work">
        <p role="alert" className="text-sm text-slate-700">It is unknown, has expired, was replaced by a newer one or was already used. Ask your workspace&apos;s admin for a new one.</p>
        <p className="mt-4 text-sm"><Link className="text-blue-700 underline" href="/login">Sign in</Link></p>
      </AccountCard>
    );
  }
  if (link.state === "sign_in" || link.state === "shared") {
    return (
      <AccountCard title={`Join ${link.workspaceName}`}>
        <p className="text-sm text-slate-700">
          {link.state === "sign_in"
            ? <>The account {link.email} already has a password. Sign in with it to accept the invitation: this link cannot set or change it.</>
            : <>The account {link.email} belongs to more than one workspace, so one workspace&apos;s link cannot set its password. Ask the service&apos;s operator.</>}
        </p>
        <p className="mt-4 text-sm"><Link className="text-blue-700 underline" href="/login?callbackUrl=%2Fchoose-workspace">Sign in to answer the invitation</Link></p>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title={link.purpose === "invitation" ? `Set up your account for ${link.workspaceName}` : "Choose a new password"}
      intro={<>For <span className="font-medium text-slate-800">{link.email}</span>. Only you will know this password; the link works once.</>}>
      <SetPasswordForm token={token} minLength={MIN_PASSWORD_LENGTH} />
    </AccountCard>
  );
}
