import Link from "next/link";

/** The branded "not found" answer: what happened, and the way back to the work queue. */
export function NotFoundMessage({ what = "page" }: { what?: string }) {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl space-y-4 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">PA Service · 404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold text-slate-900">This {what} was not found</h1>
      <p className="text-slate-700">It may have been removed, or the link may be mistyped. Cases and policies of other workspaces are not shown here.</p>
      <Link href="/cases" className="inline-flex rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">Back to the work queue</Link>
    </section>
  );
}
