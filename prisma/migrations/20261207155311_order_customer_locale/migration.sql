-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "locale" VARCHAR(35);

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "locale" VARCHAR(35);
