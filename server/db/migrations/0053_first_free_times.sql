CREATE TABLE "doctor_first_free" (
	"doctor_id" integer NOT NULL,
	"visit_type" text NOT NULL,
	"first_free_at" timestamp with time zone,
	"clinic_id" integer,
	"tz" text,
	"valid_until" timestamp with time zone NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "doctor_first_free_doctor_id_visit_type_pk" PRIMARY KEY("doctor_id","visit_type")
);
--> statement-breakpoint
ALTER TABLE "doctor_first_free" ADD CONSTRAINT "doctor_first_free_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_first_free" ADD CONSTRAINT "doctor_first_free_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_first_free_order" ON "doctor_first_free" USING btree ("visit_type","first_free_at","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_first_free_valid" ON "doctor_first_free" USING btree ("valid_until");
--> statement-breakpoint
-- ADR 046: every doctor has a row per visit type the lists read, computed by the app (the
-- schedule service) while its valid_until has passed; -infinity marks a row stale.
INSERT INTO "doctor_first_free" ("doctor_id", "visit_type", "valid_until")
SELECT d.id, v.visit_type, '-infinity'::timestamptz
FROM "doctors" d CROSS JOIN (VALUES ('clinic'), ('telemed')) AS v(visit_type);--> statement-breakpoint
-- Marks doctors' rows stale (creating them for a new doctor): in the transaction of the write
-- that changed their free times, so no path (web, desk, MIS, cabinet, seed) can skip it.
CREATE FUNCTION first_free_stale(ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO doctor_first_free (doctor_id, visit_type, valid_until)
  SELECT x.id, v.visit_type, '-infinity'::timestamptz
  FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) x
  -- A doctor deleted in the same statement (its visits cascading) has no row to mark.
  JOIN doctors d ON d.id = x.id
  CROSS JOIN (VALUES ('clinic'), ('telemed')) AS v(visit_type)
  ORDER BY 1, 2
  ON CONFLICT (doctor_id, visit_type)
  DO UPDATE SET valid_until = '-infinity', version = doctor_first_free.version + 1
$$;--> statement-breakpoint
CREATE FUNCTION first_free_doctors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM first_free_stale(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_doctors_insert AFTER INSERT ON doctors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_doctors();--> statement-breakpoint
-- Visits and holds: what they take (or free) of the doctor's times.
CREATE FUNCTION first_free_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM first_free_stale(ARRAY(SELECT doctor_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM first_free_stale(ARRAY(SELECT doctor_id FROM old_rows));
  ELSE
    PERFORM first_free_stale(ARRAY(
      SELECT unnest(ARRAY[o.doctor_id, n.doctor_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.doctor_id, o.status, o.during, o.hold_expires_at, o.overbooked)
        IS DISTINCT FROM (n.doctor_id, n.status, n.during, n.hold_expires_at, n.overbooked)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_appointments_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_appointments();--> statement-breakpoint
CREATE TRIGGER first_free_appointments_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_appointments();--> statement-breakpoint
CREATE TRIGGER first_free_appointments_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_appointments();--> statement-breakpoint
-- A workplace's hours, days off, pushed slots and blocks (service lines' own rows have none).
CREATE FUNCTION first_free_by_workplace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM first_free_stale(ARRAY(
      SELECT w.doctor_id FROM workplaces w WHERE w.id IN (SELECT workplace_id FROM new_rows)));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM first_free_stale(ARRAY(
      SELECT w.doctor_id FROM workplaces w WHERE w.id IN (SELECT workplace_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_rules_insert AFTER INSERT ON schedule_rules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_rules_update AFTER UPDATE ON schedule_rules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_rules_delete AFTER DELETE ON schedule_rules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_exceptions_insert AFTER INSERT ON schedule_exceptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_exceptions_update AFTER UPDATE ON schedule_exceptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_exceptions_delete AFTER DELETE ON schedule_exceptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_explicit_insert AFTER INSERT ON explicit_slots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_explicit_update AFTER UPDATE ON explicit_slots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_explicit_delete AFTER DELETE ON explicit_slots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_blocks_insert AFTER INSERT ON schedule_blocks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_blocks_update AFTER UPDATE ON schedule_blocks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
CREATE TRIGGER first_free_blocks_delete AFTER DELETE ON schedule_blocks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_by_workplace();--> statement-breakpoint
-- A workplace added, moved, switched on or off, removed.
CREATE FUNCTION first_free_workplaces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM first_free_stale(ARRAY(SELECT doctor_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM first_free_stale(ARRAY(SELECT doctor_id FROM old_rows));
  ELSE
    PERFORM first_free_stale(ARRAY(
      SELECT unnest(ARRAY[o.doctor_id, n.doctor_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.doctor_id, o.clinic_id, o.is_appointment_on, o.mis_schedule)
        IS DISTINCT FROM (n.doctor_id, n.clinic_id, n.is_appointment_on, n.mis_schedule)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_workplaces_insert AFTER INSERT ON workplaces
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_workplaces();--> statement-breakpoint
CREATE TRIGGER first_free_workplaces_update AFTER UPDATE ON workplaces
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_workplaces();--> statement-breakpoint
CREATE TRIGGER first_free_workplaces_delete AFTER DELETE ON workplaces
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_workplaces();--> statement-breakpoint
-- The clinic's booking switch, notice, buffer, horizon or town (its zone): all its doctors.
CREATE FUNCTION first_free_clinics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM first_free_stale(ARRAY(
    SELECT w.doctor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN workplaces w ON w.clinic_id = n.id
    WHERE (o.is_appointment_on, o.min_notice_minutes, o.buffer_minutes, o.booking_horizon_days, o.town_id)
      IS DISTINCT FROM (n.is_appointment_on, n.min_notice_minutes, n.buffer_minutes, n.booking_horizon_days, n.town_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_clinics_update AFTER UPDATE ON clinics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_clinics();--> statement-breakpoint
-- A town's zone.
CREATE FUNCTION first_free_towns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM first_free_stale(ARRAY(
    SELECT w.doctor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN clinics c ON c.town_id = n.id JOIN workplaces w ON w.clinic_id = c.id
    WHERE o.tz IS DISTINCT FROM n.tz));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER first_free_towns_update AFTER UPDATE ON towns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_free_towns();
