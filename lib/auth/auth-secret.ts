import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/lib/db/embedded";

/** AUTH_SECRET, or one generated once and kept in the data folder so sessions survive restarts. */
export function ensureAuthSecret(): string {
  const given = process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (given) return given;
  const file = path.join(dataDir(), "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}
