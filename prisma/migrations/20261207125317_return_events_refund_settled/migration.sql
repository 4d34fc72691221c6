-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "settled_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "shipments" ADD COLUMN     "delivered_actor_id" UUID,
ADD COLUMN     "delivered_actor_kind" VARCHAR(16),
ADD COLUMN     "delivered_actor_label" VARCHAR(255);

-- CreateTable
CREATE TABLE "return_events" (
    "id" UUID NOT NULL,
    "return_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "from_status" "return_status",
    "to_status" "return_status" NOT NULL,
    "comment" VARCHAR(2000),
    "actor_kind" VARCHAR(16),
    "actor_id" UUID,
    "actor_label" VARCHAR(255),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "return_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "return_events_order_id_created_at_idx" ON "return_events"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "return_events_return_id_idx" ON "return_events"("return_id");

-- AddForeignKey
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_fkey" FOREIGN KEY ("return_id") REFERENCES "returns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill (written by hand): what the rows already say. A return moved before its events existed gets one event
-- for its current status at its last change, with no actor and no from_status (its earlier moves are unknown);
-- a settled refund was settled at its last change.
INSERT INTO "return_events" ("id", "return_id", "order_id", "from_status", "to_status", "comment", "created_at")
SELECT gen_random_uuid(), "id", "order_id", NULL, "status", "comment", "updated_at"
FROM "returns" WHERE "status" <> 'requested';

UPDATE "refunds" SET "settled_at" = "updated_at" WHERE "status" <> 'pending';
