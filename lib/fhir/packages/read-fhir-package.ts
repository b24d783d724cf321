// Reads a published FHIR package (an npm-style .tgz: package/<Type>-<id>.json) into its JSON resources, with node's
// gunzip and the tar format's 512-byte headers: the packages are small and a tar dependency would do no more.
import fs from "node:fs";
import { gunzipSync } from "node:zlib";

const BLOCK = 512;

/** The package's JSON files by their path inside the archive (e.g. `package/StructureDefinition-profile-claim.json`). */
export function readFhirPackage(tgzPath: string): Map<string, unknown> {
  const archive = gunzipSync(fs.readFileSync(tgzPath));
  const files = new Map<string, unknown>();
  let longName: string | undefined;
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // end of archive
    const size = parseInt(field(header, 124, 12) || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const body = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    longName = undefined;
    if (type === "L") longName = body.toString("utf8").replace(/\0+$/, ""); // GNU long name for the next entry
    else if ((type === "0" || type === "\0") && name.endsWith(".json")) files.set(name, JSON.parse(body.toString("utf8").replace(/^\uFEFF/, "")));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length).toString("utf8");
  const end = raw.indexOf("\0");
  return (end === -1 ? raw : raw.slice(0, end)).trim();
}
