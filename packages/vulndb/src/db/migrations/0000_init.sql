CREATE TABLE "vuln_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"vuln_id" text NOT NULL,
	"alias" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vuln_cpe_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_cpe_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"vuln_id" text NOT NULL,
	"config_index" integer NOT NULL,
	"config_operator" text NOT NULL,
	"node_index" integer NOT NULL,
	"node_operator" text NOT NULL,
	"node_negate" boolean DEFAULT false NOT NULL,
	"vulnerable" boolean NOT NULL,
	"criteria" text NOT NULL,
	"part" text NOT NULL,
	"vendor" text NOT NULL,
	"product" text NOT NULL,
	"version_start_including" text,
	"version_start_excluding" text,
	"version_end_including" text,
	"version_end_excluding" text,
	"match_criteria_id" text
);
--> statement-breakpoint
CREATE TABLE "vuln_distro_fixes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_distro_fixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"distro" text NOT NULL,
	"release" text NOT NULL,
	"source_package" text NOT NULL,
	"vuln_id" text NOT NULL,
	"status" text NOT NULL,
	"fixed_version" text,
	"urgency" text DEFAULT '' NOT NULL,
	"nodsa_reason" text,
	"nodsa" text
);
--> statement-breakpoint
CREATE TABLE "vuln_epss" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_epss_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"cve" text NOT NULL,
	"epss" real NOT NULL,
	"percentile" real NOT NULL,
	"model_version" text,
	"score_date" text
);
--> statement-breakpoint
CREATE TABLE "vuln_import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vuln_kev" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_kev_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"cve" text NOT NULL,
	"vendor_project" text DEFAULT '' NOT NULL,
	"product" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"date_added" text NOT NULL,
	"due_date" text,
	"required_action" text DEFAULT '' NOT NULL,
	"known_ransomware_campaign_use" text DEFAULT '' NOT NULL,
	"catalog_version" text
);
--> statement-breakpoint
CREATE TABLE "vuln_package_ranges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_package_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"vuln_id" text NOT NULL,
	"ecosystem" text NOT NULL,
	"ecosystem_base" text NOT NULL,
	"name" text NOT NULL,
	"purl" text,
	"range_type" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vuln_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"vuln_id" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"published" text,
	"modified" text,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cwes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cvss" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"database_specific" jsonb
);
--> statement-breakpoint
CREATE INDEX "vuln_aliases_alias_idx" ON "vuln_aliases" USING btree ("alias");--> statement-breakpoint
CREATE INDEX "vuln_aliases_key_idx" ON "vuln_aliases" USING btree ("source","record_key");--> statement-breakpoint
CREATE INDEX "vuln_aliases_run_idx" ON "vuln_aliases" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_cpe_matches_product_idx" ON "vuln_cpe_matches" USING btree ("vendor","product");--> statement-breakpoint
CREATE INDEX "vuln_cpe_matches_key_idx" ON "vuln_cpe_matches" USING btree ("source","record_key");--> statement-breakpoint
CREATE INDEX "vuln_cpe_matches_run_idx" ON "vuln_cpe_matches" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_distro_fixes_pkg_idx" ON "vuln_distro_fixes" USING btree ("distro","release","source_package");--> statement-breakpoint
CREATE INDEX "vuln_distro_fixes_run_idx" ON "vuln_distro_fixes" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_epss_cve_idx" ON "vuln_epss" USING btree ("cve");--> statement-breakpoint
CREATE INDEX "vuln_epss_run_idx" ON "vuln_epss" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_kev_cve_idx" ON "vuln_kev" USING btree ("cve");--> statement-breakpoint
CREATE INDEX "vuln_kev_run_idx" ON "vuln_kev" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_package_ranges_pkg_idx" ON "vuln_package_ranges" USING btree ("ecosystem_base","name");--> statement-breakpoint
CREATE INDEX "vuln_package_ranges_key_idx" ON "vuln_package_ranges" USING btree ("source","record_key");--> statement-breakpoint
CREATE INDEX "vuln_package_ranges_run_idx" ON "vuln_package_ranges" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "vuln_records_vuln_id_idx" ON "vuln_records" USING btree ("vuln_id");--> statement-breakpoint
CREATE INDEX "vuln_records_key_idx" ON "vuln_records" USING btree ("source","record_key");--> statement-breakpoint
CREATE INDEX "vuln_records_run_idx" ON "vuln_records" USING btree ("run_id");