-- CreateEnum
CREATE TYPE "email_status" AS ENUM ('pending', 'sent', 'kept', 'failed');

-- CreateTable
CREATE TABLE "emails" (
    "id" UUID NOT NULL,
    "kind" VARCHAR(50) NOT NULL,
    "dedupe_key" VARCHAR(200) NOT NULL,
    "recipient" VARCHAR(320) NOT NULL,
    "subject" VARCHAR(500) NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "locale" VARCHAR(20) NOT NULL,
    "order_id" UUID,
    "status" "email_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "leased_by" VARCHAR(100),
    "last_error" VARCHAR(1000),
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "emails_dedupe_key_key" ON "emails"("dedupe_key");

-- CreateIndex
CREATE INDEX "emails_status_next_attempt_at_idx" ON "emails"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "emails_order_id_idx" ON "emails"("order_id");

-- CreateIndex
CREATE INDEX "emails_kind_created_at_idx" ON "emails"("kind", "created_at");

-- CreateIndex
CREATE INDEX "emails_created_at_idx" ON "emails"("created_at");

-- CreateIndex
CREATE INDEX "emails_status_sent_at_idx" ON "emails"("status", "sent_at");
