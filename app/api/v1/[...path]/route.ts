import { errorResponse } from "@/lib/api/responses";

export const dynamic = "force-dynamic";

// Any other /api/v1 path: the spec's error body rather than an HTML page.
const notFound = (req: Request) => errorResponse(404, `No route ${req.method} ${new URL(req.url).pathname}.`);
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
