import { operationOutcomeResponse } from "@/lib/api/responses";

export const dynamic = "force-dynamic";

// Any other /fhir path: an OperationOutcome rather than an HTML page.
const notFound = (req: Request) => operationOutcomeResponse(404, `No route ${req.method} ${new URL(req.url).pathname} on this FHIR server (see /fhir/metadata).`);
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
