-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "recognitionPending" BOOLEAN NOT NULL DEFAULT false;
