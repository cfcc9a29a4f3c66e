CREATE TABLE "kb_sync_sources" (
	"source" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"progress" jsonb,
	"attempt" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"feed_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
