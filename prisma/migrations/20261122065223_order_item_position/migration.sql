-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;
