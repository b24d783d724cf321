-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "policyReading" JSONB;
