CREATE TABLE "triages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "triages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scan_id" integer,
	"component_name" text NOT NULL,
	"mapped_component_id" text,
	"component_version" text,
	"version_range" text,
	"vuln_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rationale" text NOT NULL,
	"scope" text NOT NULL,
	"group_scope" integer,
	"result_scope" integer,
	"application_name" text,
	"file_hash" text,
	"triaged_obj" text,
	"adjusted_severity" text,
	"environmental_vector" text,
	"adjusted_score" real,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_ignores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "component_ignores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scan_id" integer,
	"component_name" text NOT NULL,
	"component_version" text,
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
CREATE TABLE "component_name_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "component_name_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"display_name" text NOT NULL,
	"component_id" text,
	"mimir_name" text,
	"mimir_codetype" text,
	"mimir_vendor" text,
	"mimir_variant" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_object_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "component_object_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scan_id" integer NOT NULL,
	"from_uid" text NOT NULL,
	"to_uid" text NOT NULL,
	"hashes" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "license_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scan_id" integer,
	"component_name" text NOT NULL,
	"component_version" text,
	"scope" integer NOT NULL,
	"group_scope" integer,
	"result_scope" integer,
	"license_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "version_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"component_name" text NOT NULL,
	"hashes" text[] NOT NULL,
	"version" text NOT NULL,
	"scope" integer NOT NULL,
	"group_scope" integer,
	"result_scope" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "triages" ADD CONSTRAINT "triages_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triages" ADD CONSTRAINT "triages_group_scope_groups_id_fk" FOREIGN KEY ("group_scope") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triages" ADD CONSTRAINT "triages_result_scope_scans_id_fk" FOREIGN KEY ("result_scope") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triages" ADD CONSTRAINT "triages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_ignores" ADD CONSTRAINT "component_ignores_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_ignores" ADD CONSTRAINT "component_ignores_group_scope_groups_id_fk" FOREIGN KEY ("group_scope") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_ignores" ADD CONSTRAINT "component_ignores_result_scope_scans_id_fk" FOREIGN KEY ("result_scope") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_ignores" ADD CONSTRAINT "component_ignores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_name_overrides" ADD CONSTRAINT "component_name_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_object_moves" ADD CONSTRAINT "component_object_moves_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_object_moves" ADD CONSTRAINT "component_object_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_overrides" ADD CONSTRAINT "license_overrides_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_overrides" ADD CONSTRAINT "license_overrides_group_scope_groups_id_fk" FOREIGN KEY ("group_scope") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_overrides" ADD CONSTRAINT "license_overrides_result_scope_scans_id_fk" FOREIGN KEY ("result_scope") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_overrides" ADD CONSTRAINT "license_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_overrides" ADD CONSTRAINT "version_overrides_group_scope_groups_id_fk" FOREIGN KEY ("group_scope") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_overrides" ADD CONSTRAINT "version_overrides_result_scope_scans_id_fk" FOREIGN KEY ("result_scope") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_overrides" ADD CONSTRAINT "version_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "triages_component_idx" ON "triages" USING btree ("component_name","vuln_id");--> statement-breakpoint
CREATE INDEX "triages_scope_idx" ON "triages" USING btree ("scope");--> statement-breakpoint
CREATE INDEX "component_ignores_name_idx" ON "component_ignores" USING btree ("component_name");--> statement-breakpoint
CREATE INDEX "component_object_moves_scan_idx" ON "component_object_moves" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "license_overrides_name_idx" ON "license_overrides" USING btree ("component_name");--> statement-breakpoint
CREATE INDEX "version_overrides_name_idx" ON "version_overrides" USING btree ("component_name");--> statement-breakpoint
INSERT INTO "cache_generations" ("name", "value") VALUES ('adjustments', 0);--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "triages_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "triages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "version_overrides_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "version_overrides" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "license_overrides_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "license_overrides" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "component_name_overrides_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "component_name_overrides" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "component_ignores_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "component_ignores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "component_object_moves_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "component_object_moves" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_settings_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "groups_adjustments" AFTER INSERT OR UPDATE OR DELETE ON "groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scans_adjustments" AFTER UPDATE OF "filename", "group_id" ON "scans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('adjustments');
