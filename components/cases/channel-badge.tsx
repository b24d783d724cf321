// How a case came in, beside its id: only a PAS request (the FHIR endpoint) is marked; /api/v1 and the portal are the default.
export function ChannelBadge({ channel, className = "" }: { channel: "api" | "pas"; className?: string }) {
  if (channel !== "pas") return null;
  return (
    <span title="Received through the Da Vinci PAS FHIR endpoint (Claim/$submit)" className={`w-fit rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-900 ${className}`}>
      PAS
    </span>
  );
}
