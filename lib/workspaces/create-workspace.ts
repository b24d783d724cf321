import { prisma } from "@/lib/db/prisma";
import { generateApiKey } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/passwords";
import { Conflict } from "@/lib/errors/domain-errors";

export interface CreateWorkspaceInput {
  name: string;
  adminEmail: string;
  adminPassword: string;
  apiKeyName?: string;
  /** Evaluate cases in the background when intake finishes (default true; tests that drive each step turn it off). */
  autoEvaluate?: boolean;
}

/** A workspace with its first admin and first API key, in one transaction. The key is returned once, never stored. */
export async function createWorkspace(input: CreateWorkspaceInput) {
  const email = input.adminEmail.trim().toLowerCase();
  const passwordHash = await hashPassword(input.adminPassword);
  const apiKey = generateApiKey();
  return prisma.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (existing) throw new Conflict(`A user with the email ${email} already exists.`);
    const workspace = await tx.workspace.create({ data: { name: input.name.trim(), autoEvaluate: input.autoEvaluate ?? true } });
    const user = await tx.user.create({ data: { email, passwordHash } });
    await tx.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role: "admin" } });
    await tx.apiKey.create({
      data: { workspaceId: workspace.id, name: input.apiKeyName ?? "Default key", hashedKey: apiKey.hashedKey, start: apiKey.start, createdBy: email },
    });
    return { workspaceId: workspace.id, adminEmail: email, apiKey: apiKey.key };
  });
}
