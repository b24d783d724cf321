// The operators' CLI: `npm run pa -- <command>`. Works with DATABASE_URL, beside a running embedded server (through
// its local socket), or alone (it then serves the embedded database itself for the duration of the command).
import { parseArgs } from "node:util";
import { z } from "zod";
import { prepareDatabase } from "../lib/server/prepare-database";
import { ZNewPassword } from "../lib/schemas/member";

const USAGE = `usage:
  npm run pa -- migrate
  npm run pa -- workspace create --name NAME --admin-email EMAIL --admin-password PASSWORD [--auto-evaluate true|false] [--json]
  npm run pa -- apikey create --workspace WORKSPACE_ID --name NAME [--json]
  npm run pa -- member add --workspace WORKSPACE_ID --email EMAIL --role admin|reviewer [--password PASSWORD] [--json]
      (a new account: with --password it joins at once, without one it gets a one-time activation link to pass on;
       an existing account is invited, keeps its own password and accepts once, signed in)`;

class UsageError extends Error {}

function options(args: string[], spec: Record<string, "string" | "boolean">) {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }])),
      strict: true,
      allowPositionals: false,
    });
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function required<T>(schema: z.ZodType<T>, values: unknown): T {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
}

function print(json: boolean, value: Record<string, unknown>, human: string) {
  console.log(json ? JSON.stringify(value) : human);
}

async function run(argv: string[]) {
  const [noun, verb, ...rest] = argv;
  if (!noun || noun === "help" || noun === "--help") throw new UsageError("");
  const command = noun === "migrate" ? "migrate" : `${noun} ${verb ?? ""}`.trim();
  const args = noun === "migrate" ? [verb, ...rest].filter((a): a is string => a !== undefined) : rest;
  const known = ["migrate", "workspace create", "apikey create", "member add"];
  if (!known.includes(command)) throw new UsageError(`unknown command: ${command}`);

  const { assertNotASecondDataFolder, dataDir } = await import("../lib/db/embedded");
  assertNotASecondDataFolder();
  const db = await prepareDatabase();
  // Where the data is, on stderr (stdout stays one JSON line with --json).
  console.error(
    db.mode === "external"
      ? "Database: DATABASE_URL."
      : db.mode === "embedded-client"
        ? `Database: the running server's, in ${dataDir()}.`
        : `Database: ${dataDir()} (served by this command while it runs).`,
  );
  try {
    if (command === "migrate") {
      options(args, {});
      console.log(db.applied.length ? `Applied: ${db.applied.join(", ")}` : "The database is up to date.");
      return;
    }
    if (command === "workspace create") {
      const o = required(
        z.object({ name: z.string().min(1), "admin-email": z.email(), "admin-password": ZNewPassword, "auto-evaluate": z.enum(["true", "false"]).optional(), json: z.boolean().optional() }),
        options(args, { name: "string", "admin-email": "string", "admin-password": "string", "auto-evaluate": "string", json: "boolean" }),
      );
      const { createWorkspace } = await import("../lib/workspaces/create-workspace");
      const created = await createWorkspace({ name: o.name, adminEmail: o["admin-email"], adminPassword: o["admin-password"], autoEvaluate: o["auto-evaluate"] !== "false" });
      print(Boolean(o.json), { workspace_id: created.workspaceId, admin_email: created.adminEmail, api_key: created.apiKey },
        `Workspace ${created.workspaceId} created.\nAdmin: ${created.adminEmail}\nAPI key (shown once): ${created.apiKey}`);
      return;
    }
    if (command === "apikey create") {
      const o = required(
        z.object({ workspace: z.uuid(), name: z.string().min(1), json: z.boolean().optional() }),
        options(args, { workspace: "string", name: "string", json: "boolean" }),
      );
      const { prisma } = await import("../lib/db/prisma");
      if (!(await prisma.workspace.findUnique({ where: { id: o.workspace } }))) throw new UsageError(`no workspace ${o.workspace}`);
      const { createApiKey } = await import("../lib/api-keys/api-keys");
      const key = await createApiKey({ workspaceId: o.workspace, name: o.name, createdBy: "cli" });
      print(Boolean(o.json), { api_key: key.api_key, id: key.id, name: key.name, workspace_id: o.workspace }, `API key (shown once): ${key.api_key}`);
      return;
    }
    const o = required(
      z.object({ workspace: z.uuid(), email: z.email(), password: ZNewPassword.optional(), role: z.enum(["admin", "reviewer"]), json: z.boolean().optional() }),
      options(args, { workspace: "string", email: "string", password: "string", role: "string", json: "boolean" }),
    );
    const { addMember } = await import("../lib/members/members");
    const { accountLinkUrl } = await import("../lib/accounts/link-url");
    const { member, link } = await addMember({ workspaceId: o.workspace, email: o.email, operatorPassword: o.password, role: o.role });
    const invitation = link ? { url: accountLinkUrl(link.path), expires_at: link.expiresAt.toISOString() } : undefined;
    print(Boolean(o.json), { ...member, ...(invitation ? { invitation } : {}) },
      invitation
        ? `${member.email} invited as ${member.role}. One-time link (shown once; a new account sets its password there, an existing one signs in to accept): ${invitation.url}`
        : `Member ${member.email} added as ${member.role}.`);
  } finally {
    const { disconnectPrisma } = await import("../lib/db/prisma");
    await disconnectPrisma();
    await db.stop();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(`error: ${error.message}`);
      console.error(USAGE);
      process.exit(2);
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message}`);
    process.exit(1);
  },
);
