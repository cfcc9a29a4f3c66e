CREATE TABLE "scan_custom_data" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_custom_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scan_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_custom_data_scan_key_uq" UNIQUE("scan_id","key")
);
--> statement-breakpoint
ALTER TABLE "scan_custom_data" ADD CONSTRAINT "scan_custom_data_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_custom_data_key_idx" ON "scan_custom_data" USING btree ("key");--> statement-breakpoint
CREATE INDEX "scans_sha1_idx" ON "scans" USING btree ("sha1");--> statement-breakpoint
CREATE INDEX "scans_sha256_idx" ON "scans" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "scans_filename_idx" ON "scans" USING btree ("filename");