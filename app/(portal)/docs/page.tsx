export default function ApiReferencePage() {
  return (
    <section aria-labelledby="docs-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="docs-title" className="text-2xl font-semibold">API reference</h1>
        <p className="text-sm text-slate-600">
          OpenAPI 3.1: <a className="text-blue-700 underline" href="/api/v1/openapi.json">/api/v1/openapi.json</a> ·{" "}
          <a className="text-blue-700 underline" href="/api/reference" target="_blank" rel="noreferrer">open in its own tab</a>
        </p>
      </div>
      <iframe src="/api/reference" title="API reference" className="h-[calc(100vh-11rem)] w-full rounded-lg border border-slate-200 bg-white" />
    </section>
  );
}
