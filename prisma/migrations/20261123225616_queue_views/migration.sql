-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "decidedBy" TEXT,
ADD COLUMN     "engineRecommendation" TEXT,
ADD COLUMN     "policyTitle" TEXT,
ADD COLUMN     "statusReason" TEXT;
