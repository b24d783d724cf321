// `npm run generate` (postinstall and before every build): writes lib/generated/engine-versions.json, the content
// hashes of the engines' code and data that a production server records with each intake, policy check and
// determination.
import fs from "node:fs";
import path from "node:path";
import { computeEngineVersions } from "../lib/compute-engine-versions";
import { ENGINE_VERSIONS_FILE } from "../lib/engine-versions";

const root = path.resolve(import.meta.dirname, "..");
const versions = computeEngineVersions(root);
const file = path.join(root, ENGINE_VERSIONS_FILE);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(versions, null, 2)}\n`);
console.log(`engine versions: ${Object.values(versions).join(", ")}`);
