-- AlterTable
ALTER TABLE "SmartClient" ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "PasAnswerVersion" (
    "id" UUID NOT NULL,
    "submissionId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "bundle" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasAnswerVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PasAnswerVersion_submissionId_version_key" ON "PasAnswerVersion"("submissionId", "version");

-- AddForeignKey
ALTER TABLE "PasAnswerVersion" ADD CONSTRAINT "PasAnswerVersion_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "PasSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The answers stored before versions were kept: their latest version becomes the first kept
INSERT INTO "PasAnswerVersion" ("id", "submissionId", "version", "bundle")
SELECT gen_random_uuid(), "id", "responseVersion", "responseBundle" FROM "PasSubmission" WHERE "responseBundle" IS NOT NULL;
