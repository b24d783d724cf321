-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "requestDate" DATE;
