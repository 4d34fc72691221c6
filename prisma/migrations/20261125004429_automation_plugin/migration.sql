/*
  Warnings:

  - You are about to drop the `automation_outbox_events` table. If the table is not empty, all the data it contains will be lost.

*/
-- CreateEnum
CREATE TYPE "automation_event_status" AS ENUM ('pending', 'delivered', 'dead');

-- DropTable
DROP TABLE "automation_outbox_events";

-- DropEnum
DROP TYPE "outbox_status";

-- CreateTable
CREATE TABLE "automation_events" (
    "id" UUID NOT NULL,
    "event_name" VARCHAR(100) NOT NULL,
    "body" TEXT NOT NULL,
    "status" "automation_event_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "leased_by" VARCHAR(100),
    "last_status_code" INTEGER,
    "last_error" VARCHAR(1000),
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "automation_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_attempts" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" VARCHAR(1000),
    "response_body" VARCHAR(512),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "automation_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "automation_events_status_next_attempt_at_idx" ON "automation_events"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "automation_events_event_name_created_at_idx" ON "automation_events"("event_name", "created_at");

-- CreateIndex
CREATE INDEX "automation_events_created_at_idx" ON "automation_events"("created_at");

-- CreateIndex
CREATE INDEX "automation_attempts_event_id_attempt_idx" ON "automation_attempts"("event_id", "attempt");

-- AddForeignKey
ALTER TABLE "automation_attempts" ADD CONSTRAINT "automation_attempts_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "automation_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
