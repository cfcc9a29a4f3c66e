CREATE TABLE "scan_items" (
	"scan_id" integer NOT NULL,
	"section" text NOT NULL,
	"idx" integer NOT NULL,
	"kind" text,
	"decoy" boolean DEFAULT false NOT NULL,
	"shown_idx" integer,
	"kind_idx" integer,
	"kind_shown_idx" integer,
	"search" text,
	"item" text NOT NULL,
	CONSTRAINT "scan_items_scan_id_section_idx_pk" PRIMARY KEY("scan_id","section","idx")
);
--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "result_core" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "component_count" integer;--> statement-breakpoint
UPDATE "scans" SET "component_count" = jsonb_array_length("identification" -> 'components') WHERE "identification" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ALTER COLUMN "identification" SET DATA TYPE text USING "identification"::text;--> statement-breakpoint
ALTER TABLE "scan_items" ADD CONSTRAINT "scan_items_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_items_shown_idx" ON "scan_items" USING btree ("scan_id","section","shown_idx");--> statement-breakpoint
CREATE INDEX "scan_items_kind_idx" ON "scan_items" USING btree ("scan_id","section","kind","kind_idx");--> statement-breakpoint
CREATE INDEX "scan_items_kind_shown_idx" ON "scan_items" USING btree ("scan_id","section","kind","kind_shown_idx");