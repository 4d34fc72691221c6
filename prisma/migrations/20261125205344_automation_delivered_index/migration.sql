-- CreateIndex
CREATE INDEX "automation_events_status_delivered_at_idx" ON "automation_events"("status", "delivered_at");
