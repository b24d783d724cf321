-- AlterTable
ALTER TABLE "Policy" ADD COLUMN     "documentId" UUID,
ADD COLUMN     "family" TEXT,
ADD COLUMN     "requirementCodes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "sectionLabel" TEXT,
ADD COLUMN     "sectionPages" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateIndex
CREATE INDEX "Policy_workspaceId_documentId_idx" ON "Policy"("workspaceId", "documentId");

-- AddForeignKey
ALTER TABLE "Policy" ADD CONSTRAINT "Policy_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;
