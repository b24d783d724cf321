import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-dynamic";

// Only these files of swagger-ui-dist are served.
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const cache = new Map<string, Buffer>();

export async function GET(_req: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  const type = FILES[file];
  if (!type) return new Response("Not found", { status: 404 });
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
    cache.set(file, bytes);
  }
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": type, "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" } });
}
