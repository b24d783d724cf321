-- A decision's place in its case's history, unique per case (one decision made from the same history), and amendments.
-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "amendmentReason" TEXT,
ADD COLUMN     "amendsReviewId" UUID,
ADD COLUMN     "sequence" INTEGER;

-- Existing decisions are numbered in the order they were made (cases decided several times at once keep them all).
UPDATE "Review" AS r SET "sequence" = n.rn
FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "priorAuthId" ORDER BY "createdAt", "id") AS rn FROM "Review") AS n
WHERE r."id" = n."id";

ALTER TABLE "Review" ALTER COLUMN "sequence" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Review_priorAuthId_sequence_key" ON "Review"("priorAuthId", "sequence");
