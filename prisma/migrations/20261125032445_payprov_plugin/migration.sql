/*
  Warnings:

  - You are about to drop the `payment_links` table. If the table is not empty, all the data it contains will be lost.
  - You are about to drop the `processed_webhook_events` table. If the table is not empty, all the data it contains will be lost.

*/
-- CreateEnum
CREATE TYPE "payprov_link_status" AS ENUM ('pending', 'claimed', 'completed');

-- CreateEnum
CREATE TYPE "payprov_event_status" AS ENUM ('processed', 'deferred');

-- DropForeignKey
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_cart_id_fkey";

-- DropForeignKey
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_order_id_fkey";

-- DropForeignKey
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_payment_method_id_fkey";

-- DropForeignKey
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_shipping_method_id_fkey";

-- AlterTable
ALTER TABLE "payment_transactions" ADD COLUMN     "authorization_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "cancelled_at" TIMESTAMPTZ(3),
ADD COLUMN     "captured_at" TIMESTAMPTZ(3),
ADD COLUMN     "failure_reason" VARCHAR(255),
ADD COLUMN     "refunded_at" TIMESTAMPTZ(3);

-- DropTable
DROP TABLE "payment_links";

-- DropTable
DROP TABLE "processed_webhook_events";

-- DropEnum
DROP TYPE "payment_link_status";

-- CreateTable
CREATE TABLE "payprov_links" (
    "id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "payment_intent_id" VARCHAR(255) NOT NULL,
    "cart_id" UUID NOT NULL,
    "cart_token" VARCHAR(255),
    "customer_id" UUID,
    "shipping_method_id" UUID NOT NULL,
    "payment_method_id" UUID NOT NULL,
    "shipping_address" JSONB NOT NULL,
    "billing_address" JSONB NOT NULL,
    "email" VARCHAR(320),
    "amount" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" "payprov_link_status" NOT NULL DEFAULT 'pending',
    "order_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payprov_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payprov_webhook_events" (
    "id" UUID NOT NULL,
    "provider_event_id" VARCHAR(255) NOT NULL,
    "event_type" VARCHAR(255) NOT NULL,
    "payment_intent_id" VARCHAR(255),
    "payload" JSONB NOT NULL,
    "status" "payprov_event_status" NOT NULL DEFAULT 'processed',
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "last_error" VARCHAR(1000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payprov_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payprov_links_token_hash_key" ON "payprov_links"("token_hash");

-- CreateIndex
CREATE INDEX "payprov_links_payment_intent_id_idx" ON "payprov_links"("payment_intent_id");

-- CreateIndex
CREATE UNIQUE INDEX "payprov_webhook_events_provider_event_id_key" ON "payprov_webhook_events"("provider_event_id");

-- CreateIndex
CREATE INDEX "payprov_webhook_events_status_updated_at_idx" ON "payprov_webhook_events"("status", "updated_at");

-- CreateIndex
CREATE INDEX "payment_transactions_status_updated_at_idx" ON "payment_transactions"("status", "updated_at");
