-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "uncheckedReason" TEXT;
