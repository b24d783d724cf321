-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "intakeProgress" JSONB;
