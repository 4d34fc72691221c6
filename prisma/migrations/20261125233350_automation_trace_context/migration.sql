-- AlterTable
ALTER TABLE "automation_events" ADD COLUMN     "trace_parent" VARCHAR(55);
