-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "autoEvaluate" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "engineApprovalsFinal" BOOLEAN NOT NULL DEFAULT true;
