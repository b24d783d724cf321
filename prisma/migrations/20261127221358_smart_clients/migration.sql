-- CreateTable
CREATE TABLE "SmartClient" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "jwks" JSONB,
    "jwksUrl" TEXT,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "SmartClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmartAssertion" (
    "id" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "jti" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmartAssertion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmartAccessToken" (
    "id" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "hashedToken" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmartAccessToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SmartClient_workspaceId_idx" ON "SmartClient"("workspaceId");

-- CreateIndex
CREATE INDEX "SmartAssertion_expiresAt_idx" ON "SmartAssertion"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "SmartAssertion_clientId_jti_key" ON "SmartAssertion"("clientId", "jti");

-- CreateIndex
CREATE UNIQUE INDEX "SmartAccessToken_hashedToken_key" ON "SmartAccessToken"("hashedToken");

-- CreateIndex
CREATE INDEX "SmartAccessToken_clientId_idx" ON "SmartAccessToken"("clientId");

-- AddForeignKey
ALTER TABLE "SmartClient" ADD CONSTRAINT "SmartClient_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmartAssertion" ADD CONSTRAINT "SmartAssertion_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "SmartClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmartAccessToken" ADD CONSTRAINT "SmartAccessToken_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "SmartClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
