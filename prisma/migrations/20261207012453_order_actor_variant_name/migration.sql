-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "variant_name" VARCHAR(255);

-- AlterTable
ALTER TABLE "order_status_history" ADD COLUMN     "actor_id" UUID,
ADD COLUMN     "actor_kind" VARCHAR(16),
ADD COLUMN     "actor_label" VARCHAR(255);
