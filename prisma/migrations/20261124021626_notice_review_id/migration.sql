-- AlterTable
ALTER TABLE "Notice" ADD COLUMN     "reviewId" UUID;

-- CreateIndex
CREATE INDEX "Notice_reviewId_idx" ON "Notice"("reviewId");
