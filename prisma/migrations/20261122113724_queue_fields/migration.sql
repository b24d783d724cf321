-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "dueAt" TIMESTAMP(3),
ADD COLUMN     "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "PriorAuth_workspaceId_dueAt_idx" ON "PriorAuth"("workspaceId", "dueAt");
