-- AlterTable
ALTER TABLE "Policy" ADD COLUMN     "draft" JSONB,
ADD COLUMN     "draftUpdatedAt" TIMESTAMP(3),
ADD COLUMN     "draftUpdatedBy" TEXT;
