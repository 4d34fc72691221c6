-- CreateTable
CREATE TABLE "account_email_requests" (
    "id" UUID NOT NULL,
    "purpose" "account_token_purpose" NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "locale" VARCHAR(35),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_email_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_email_requests_next_attempt_at_idx" ON "account_email_requests"("next_attempt_at");
