CREATE TABLE "sso_assertions" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"idp_entity_id" text DEFAULT '' NOT NULL,
	"idp_sso_url" text DEFAULT '' NOT NULL,
	"idp_certificates" text DEFAULT '' NOT NULL,
	"sp_entity_id" text DEFAULT '' NOT NULL,
	"sp_base_url" text DEFAULT '' NOT NULL,
	"email_attribute" text DEFAULT '' NOT NULL,
	"create_unknown_users" boolean DEFAULT false NOT NULL,
	"button_label" text DEFAULT 'single sign-on' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_settings_single_row" CHECK ("sso_settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "sso_assertions_expires_at_idx" ON "sso_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_requests_expires_at_idx" ON "sso_requests" USING btree ("expires_at");