CREATE TABLE "group_settings" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"reuse_existing_scan" boolean,
	"low_risk_tolerance" boolean,
	"historical" boolean,
	"cvss3_fallback" boolean,
	"assume_unknown_version_latest" boolean,
	"include_bdsa_vulnerabilities" boolean,
	"prioritise_nvd" boolean,
	"delete_binaries_after_days" integer,
	"delete_results_after_days" integer,
	"sbom_format" text,
	"sbom_include_vulnerabilities" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_settings" ADD CONSTRAINT "group_settings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;