-- The admin order list orders by created_at DESC, id DESC and filters by status: with (status) and (created_at)
-- alone, a status filter read every match and sorted it (100,000 orders: p99 198 ms at 10 connections), and the
-- capped count walked the status index's matches in heap order. These give the page and the count in index order,
-- scanned backwards; each replaces the index that is its prefix.
-- DropIndex
DROP INDEX "orders_created_at_idx";

-- DropIndex
DROP INDEX "orders_status_idx";

-- CreateIndex
CREATE INDEX "orders_status_created_at_id_idx" ON "orders"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "orders_created_at_id_idx" ON "orders"("created_at", "id");
