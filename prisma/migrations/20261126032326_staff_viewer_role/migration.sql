-- AlterEnum
ALTER TYPE "admin_role" ADD VALUE 'viewer';
