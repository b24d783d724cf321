import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> }>>; components: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } };

/** Checks real response bodies against the schemas the OpenAPI document gives for that operation and status. */
export function responseChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat("binary", true);
  ajv.addSchema(doc as object, "openapi");
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();

  return function check(method: string, path: string, status: number, body: unknown, mediaType = "application/json"): string[] {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    let response = operation.responses[String(status)];
    if (!response) return [`${method} ${path} has no ${status} response`];
    const pointer = response.$ref
      ? `${response.$ref}/content/${mediaType.replace(/\//g, "~1")}/schema`
      : `#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method.toLowerCase()}/responses/${status}/content/${mediaType.replace(/\//g, "~1")}/schema`;
    if (response.$ref) response = doc.components.responses[response.$ref.split("/").pop()!];
    if (!response.content?.[mediaType]) return [`${method} ${path} ${status} has no ${mediaType} content`];
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi${pointer}` });
      cache.set(pointer, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
  };
}

/** Every exported verb of every route file under app/api/v1, as OpenAPI paths ("[prior_auth_id]" -> "{prior_auth_id}"). */
export async function routeOperations(root = "app/api/v1"): Promise<string[]> {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path.relative(root, path.dirname(full)).split(path.sep).join("/");
        if (rel.startsWith("[...")) continue; // the catch-all 404
        const apiPath = "/" + rel.replace(/\[([^\]]+)\]/g, "{$1}");
        const source = fs.readFileSync(full, "utf8");
        for (const verb of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          if (new RegExp(`export (const|async function|function) ${verb}\\b|export \\{[^}]*\\bas ${verb}\\b`).test(source)) out.push(`${verb.toLowerCase()} ${apiPath}`);
        }
      }
    }
  };
  walk(root);
  return out.sort();
}
