-- CreateTable
CREATE TABLE "PasSubmission" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID,
    "bundleKey" TEXT,
    "claimKey" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "requestBundle" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PasSubmission_priorAuthId_idx" ON "PasSubmission"("priorAuthId");

-- CreateIndex
CREATE UNIQUE INDEX "PasSubmission_workspaceId_bundleKey_key" ON "PasSubmission"("workspaceId", "bundleKey");

-- CreateIndex
CREATE UNIQUE INDEX "PasSubmission_workspaceId_claimKey_contentHash_key" ON "PasSubmission"("workspaceId", "claimKey", "contentHash");

-- AddForeignKey
ALTER TABLE "PasSubmission" ADD CONSTRAINT "PasSubmission_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasSubmission" ADD CONSTRAINT "PasSubmission_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;
