CREATE TABLE "cache_generations" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_generations" ("name", "value") VALUES ('scan_list', 0), ('sessions', 0);--> statement-breakpoint
CREATE FUNCTION "bump_cache_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counter text := TG_ARGV[0];
  flag text := 'binlens.bumped_' || TG_ARGV[0];
  bumped bigint;
BEGIN
  -- Fired at commit (deferred) and acting once per transaction and counter: a change of many
  -- rows bumps once, and the counter's row lock is taken after every other lock of the
  -- transaction, so it cannot close a cycle of waits.
  IF current_setting(flag, true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config(flag, 'on', true);
    UPDATE "cache_generations" SET "value" = "value" + 1 WHERE "name" = counter RETURNING "value" INTO bumped;
    -- Only a session that asked (PGlite's single one) hears of it: PostgreSQL's readers query the counters.
    IF current_setting('binlens.notify_cache_generations', true) = 'on' THEN
      PERFORM pg_notify('cache_generations', counter || ' ' || bumped);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scans_scan_list" AFTER INSERT OR UPDATE OR DELETE ON "scans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('scan_list');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scan_custom_data_scan_list" AFTER INSERT OR UPDATE OR DELETE ON "scan_custom_data" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('scan_list');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "groups_scan_list" AFTER INSERT OR UPDATE OR DELETE ON "groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('scan_list');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_memberships_scan_list" AFTER INSERT OR UPDATE OR DELETE ON "group_memberships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('scan_list');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_settings_scan_list" AFTER INSERT OR UPDATE OR DELETE ON "company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('scan_list');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_sessions" AFTER INSERT OR UPDATE OR DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('sessions');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_sessions" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('sessions');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_settings_sessions" AFTER INSERT OR UPDATE OR DELETE ON "company_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_generation"('sessions');
