-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "modifications" JSONB;
