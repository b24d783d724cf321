-- CreateTable
CREATE TABLE "IntakeCorrection" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "priorAuthId" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "before" JSONB,
    "sourceKind" TEXT NOT NULL,
    "evidence" JSONB,
    "note" TEXT,
    "actorType" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IntakeCorrection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IntakeCorrection_priorAuthId_createdAt_idx" ON "IntakeCorrection"("priorAuthId", "createdAt");

-- CreateIndex
CREATE INDEX "IntakeCorrection_workspaceId_createdAt_idx" ON "IntakeCorrection"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "IntakeCorrection" ADD CONSTRAINT "IntakeCorrection_priorAuthId_fkey" FOREIGN KEY ("priorAuthId") REFERENCES "PriorAuth"("id") ON DELETE CASCADE ON UPDATE CASCADE;
