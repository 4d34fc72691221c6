-- AlterTable
ALTER TABLE "refresh_tokens" ADD COLUMN     "session_started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Existing sessions started no later than their family's oldest row still stored.
UPDATE "refresh_tokens" AS r SET "session_started_at" = f.started
FROM (SELECT "family_id", min("created_at") AS started FROM "refresh_tokens" GROUP BY "family_id") AS f
WHERE r."family_id" = f."family_id";
