-- AlterTable
ALTER TABLE "payprov_links" ALTER COLUMN "cart_id" DROP NOT NULL,
ALTER COLUMN "shipping_method_id" DROP NOT NULL,
ALTER COLUMN "shipping_address" DROP NOT NULL,
ALTER COLUMN "billing_address" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "payprov_links_order_id_idx" ON "payprov_links"("order_id");
