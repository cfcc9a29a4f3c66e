CREATE TABLE "infoleak_triages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "infoleak_triages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"value_key" text NOT NULL,
	"scan_id" integer,
	"rationale" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"group_scope" integer,
	"result_scope" integer,
	"application_name" text,
	"file_hash" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "infoleak_triages" ADD CONSTRAINT "infoleak_triages_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infoleak_triages" ADD CONSTRAINT "infoleak_triages_group_scope_groups_id_fk" FOREIGN KEY ("group_scope") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infoleak_triages" ADD CONSTRAINT "infoleak_triages_result_scope_scans_id_fk" FOREIGN KEY ("result_scope") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infoleak_triages" ADD CONSTRAINT "infoleak_triages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "infoleak_triages_kind_value_idx" ON "infoleak_triages" USING btree ("kind","value_key");