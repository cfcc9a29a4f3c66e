CREATE TABLE "scan_component_index" (
	"scan_id" integer PRIMARY KEY NOT NULL,
	"scan_finished_at" timestamp with time zone,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_components" (
	"scan_id" integer NOT NULL,
	"uid" text NOT NULL,
	"catalogue_id" text,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"match_keys" text[] NOT NULL,
	CONSTRAINT "scan_components_scan_id_uid_pk" PRIMARY KEY("scan_id","uid")
);
--> statement-breakpoint
ALTER TABLE "scan_component_index" ADD CONSTRAINT "scan_component_index_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_components" ADD CONSTRAINT "scan_components_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_components_catalogue_idx" ON "scan_components" USING btree ("catalogue_id","scan_id");--> statement-breakpoint
CREATE INDEX "scan_components_match_keys_idx" ON "scan_components" USING gin ("match_keys");