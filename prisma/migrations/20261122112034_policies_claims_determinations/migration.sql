-- CreateTable
CREATE TABLE "Policy" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "latestVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Policy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PolicyVersion" (
    "id" UUID NOT NULL,
    "policyId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "payer" TEXT,
    "effectiveDate" TEXT,
    "ndcCodes" TEXT[],
    "cptCodes" TEXT[],
    "drugNames" TEXT[],
    "documentId" UUID,
    "pages" JSONB NOT NULL,
    "parsed" JSONB NOT NULL,
    "changeNote" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PolicyVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PolicyCheck" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "policyVersionId" UUID,
    "policySource" TEXT NOT NULL,
    "policySnapshot" JSONB NOT NULL,
    "inputsDigest" TEXT NOT NULL,
    "steps" JSONB NOT NULL,
    "summary" JSONB NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PolicyCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClaimRecord" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'api',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClaimRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Determination" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "policyCheckId" UUID,
    "policyVersionId" UUID,
    "status" TEXT NOT NULL,
    "recommendedStatus" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "inputsDigest" TEXT NOT NULL,
    "contentDigest" TEXT NOT NULL,
    "engineVersion" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Determination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "determinationId" UUID,
    "decision" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "reviewer" TEXT NOT NULL,
    "reviewerUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Policy_workspaceId_status_idx" ON "Policy"("workspaceId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PolicyVersion_policyId_version_key" ON "PolicyVersion"("policyId", "version");

-- CreateIndex
CREATE INDEX "PolicyCheck_priorAuthId_createdAt_idx" ON "PolicyCheck"("priorAuthId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ClaimRecord_priorAuthId_kind_claimId_key" ON "ClaimRecord"("priorAuthId", "kind", "claimId");

-- CreateIndex
CREATE INDEX "Determination_priorAuthId_createdAt_idx" ON "Determination"("priorAuthId", "createdAt");

-- CreateIndex
CREATE INDEX "Review_priorAuthId_createdAt_idx" ON "Review"("priorAuthId", "createdAt");

-- AddForeignKey
ALTER TABLE "Policy" ADD CONSTRAINT "Policy_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PolicyVersion" ADD CONSTRAINT "PolicyVersion_policyId_fkey" FOREIGN KEY ("policyId") REFERENCES "Policy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PolicyCheck" ADD CONSTRAINT "PolicyCheck_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClaimRecord" ADD CONSTRAINT "ClaimRecord_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Determination" ADD CONSTRAINT "Determination_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;
