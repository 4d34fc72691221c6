-- CreateEnum
CREATE TYPE "account_token_purpose" AS ENUM ('reset_customer', 'reset_staff', 'verify_email', 'staff_invite');

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "email_verified_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "account_tokens" (
    "id" UUID NOT NULL,
    "purpose" "account_token_purpose" NOT NULL,
    "customer_id" UUID,
    "admin_user_id" UUID,
    "email" VARCHAR(320) NOT NULL,
    "role" "admin_role",
    "created_by" UUID,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "account_tokens_customer_id_idx" ON "account_tokens"("customer_id");

-- CreateIndex
CREATE INDEX "account_tokens_admin_user_id_idx" ON "account_tokens"("admin_user_id");

-- CreateIndex
CREATE INDEX "account_tokens_purpose_email_idx" ON "account_tokens"("purpose", "email");

-- CreateIndex
CREATE INDEX "account_tokens_expires_at_idx" ON "account_tokens"("expires_at");
