-- AlterTable
ALTER TABLE "PasSubmission" ADD COLUMN     "responseBundle" JSONB,
ADD COLUMN     "responseDigest" TEXT,
ADD COLUMN     "responseVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "serverBase" TEXT;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "contentType" TEXT NOT NULL DEFAULT 'application/json';

-- CreateTable
CREATE TABLE "PasSubscription" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "endpointId" UUID NOT NULL,
    "orgIdentifier" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PasSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PasSubscription_endpointId_key" ON "PasSubscription"("endpointId");

-- CreateIndex
CREATE INDEX "PasSubscription_workspaceId_orgIdentifier_idx" ON "PasSubscription"("workspaceId", "orgIdentifier");

-- AddForeignKey
ALTER TABLE "PasSubscription" ADD CONSTRAINT "PasSubscription_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasSubscription" ADD CONSTRAINT "PasSubscription_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
