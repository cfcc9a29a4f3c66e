CREATE TABLE "vuln_distro_cvss" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vuln_distro_cvss_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"record_key" text NOT NULL,
	"run_id" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"distro" text NOT NULL,
	"cve" text NOT NULL,
	"severity" text NOT NULL,
	"score" real,
	"vector" text
);
--> statement-breakpoint
CREATE INDEX "vuln_distro_cvss_cve_idx" ON "vuln_distro_cvss" USING btree ("cve");--> statement-breakpoint
CREATE INDEX "vuln_distro_cvss_key_idx" ON "vuln_distro_cvss" USING btree ("source","record_key");--> statement-breakpoint
CREATE INDEX "vuln_distro_cvss_run_idx" ON "vuln_distro_cvss" USING btree ("run_id");