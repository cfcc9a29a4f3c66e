CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"triage_enabled" boolean DEFAULT true NOT NULL,
	"triage_description_mandatory" boolean DEFAULT false NOT NULL,
	"enable_global_version_override" boolean DEFAULT true NOT NULL,
	"enable_group_version_override" boolean DEFAULT true NOT NULL,
	"enable_product_version_override" boolean DEFAULT true NOT NULL,
	"membership_inheritance_enabled" boolean DEFAULT true NOT NULL,
	"default_cvss_version" integer DEFAULT 3 NOT NULL,
	"sbom_format" text DEFAULT 'cyclonedx' NOT NULL,
	"sbom_include_vulnerabilities" boolean DEFAULT false NOT NULL,
	"max_upload_bytes" bigint,
	"reuse_existing_scan" boolean DEFAULT false NOT NULL,
	"low_risk_tolerance" boolean DEFAULT false NOT NULL,
	"historical" boolean DEFAULT false NOT NULL,
	"cvss3_fallback" boolean DEFAULT true NOT NULL,
	"assume_unknown_version_latest" boolean DEFAULT false NOT NULL,
	"include_bdsa_vulnerabilities" boolean DEFAULT false NOT NULL,
	"prioritise_nvd" boolean DEFAULT false NOT NULL,
	"delete_binaries_after_days" integer,
	"delete_results_after_days" integer,
	"new_user_display_local_time" boolean DEFAULT false NOT NULL,
	"new_user_container_default_view" text DEFAULT 'list' NOT NULL,
	"session_idle_timeout_minutes" integer,
	"session_absolute_timeout_hours" integer DEFAULT 336 NOT NULL,
	"min_password_length" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single_row" CHECK ("company_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "license_policy_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "license_policy_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"license_name" text NOT NULL,
	"policy" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "license_policy_overrides_name_uq" ON "license_policy_overrides" USING btree (lower("license_name"));
--> statement-breakpoint
INSERT INTO "company_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
