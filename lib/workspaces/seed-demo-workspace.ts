import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/prisma";
import { createWorkspace } from "./create-workspace";

/** On an empty database: a demo workspace with an admin and an API key, returned once for the launcher to print. */
export async function seedDemoWorkspaceIfEmpty() {
  if ((await prisma.workspace.count()) > 0) return null;
  const password = process.env.PA_DEMO_PASSWORD ?? randomBytes(9).toString("base64url");
  const created = await createWorkspace({
    name: "Demo workspace",
    adminEmail: process.env.PA_DEMO_EMAIL ?? "admin@demo.local",
    adminPassword: password,
    apiKeyName: "Demo key",
  });
  return { ...created, password };
}
