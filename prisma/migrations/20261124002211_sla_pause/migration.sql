-- AlterTable
ALTER TABLE "PriorAuth" ADD COLUMN     "slaPaused" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "waitingSince" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "pauseClockWhileWaiting" BOOLEAN NOT NULL DEFAULT false;
