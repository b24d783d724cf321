-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "reasonCode" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "appealInstructions" TEXT,
ADD COLUMN     "denialReasonCodes" JSONB;

-- CreateTable
CREATE TABLE "Notice" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notice_priorAuthId_createdAt_idx" ON "Notice"("priorAuthId", "createdAt");

-- CreateIndex
CREATE INDEX "Notice_workspaceId_createdAt_idx" ON "Notice"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;
