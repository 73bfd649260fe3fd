-- A pilgrim is a person, not a position (issue 57, item 1; docs/FAMILIES.md, "Who a pilgrim is"). Everything kept
-- per pilgrim moves from the companion's place in the list ('companion-<n>') to their stable id
-- (data.companions[n].pilgrim_id, lib/server/requests/companions.ts): documents.pilgrim, and the keys of
-- requests.flagged and requests.flag_notes. Written to run again harmlessly (the tests run it over old rows).
--
-- 1. Each companion's id as it will be kept: the one they have when it is a UUID (lower case) and the first of
--    its list to carry it; otherwise a new one (none yet, not a UUID, or a copy of an earlier companion's).
CREATE TABLE "_pilgrim_ids_0024" ("request_id" uuid NOT NULL, "position" integer NOT NULL, "old_id" text, "new_id" text NOT NULL, "first" boolean NOT NULL);
--> statement-breakpoint
INSERT INTO "_pilgrim_ids_0024" ("request_id", "position", "old_id", "new_id", "first")
SELECT "request_id", "position", "old_id", CASE WHEN "valid" AND "seen" = 1 THEN lower("old_id") ELSE gen_random_uuid()::text END, "seen" = 1
FROM (
	SELECT r."id" AS "request_id", (c.n - 1)::integer AS "position", c.value ->> 'pilgrim_id' AS "old_id",
		coalesce((c.value ->> 'pilgrim_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false) AS "valid",
		row_number() OVER (PARTITION BY r."id", lower(c.value ->> 'pilgrim_id') ORDER BY c.n) AS "seen"
	FROM "requests" r,
		jsonb_array_elements(CASE WHEN jsonb_typeof(r."data" -> 'companions') = 'array' THEN r."data" -> 'companions' ELSE '[]'::jsonb END) WITH ORDINALITY AS c(value, n)
	WHERE jsonb_typeof(c.value) = 'object'
) AS e;
--> statement-breakpoint
-- 2. The answers carry those ids. The version moves on, so a form opened before sees the answers again (409) rather than saving over them.
UPDATE "requests" r SET "data" = jsonb_set(r."data", '{companions}', (
	SELECT jsonb_agg(CASE WHEN m."new_id" IS NULL THEN c.value ELSE c.value || jsonb_build_object('pilgrim_id', m."new_id") END ORDER BY c.n)
	FROM jsonb_array_elements(r."data" -> 'companions') WITH ORDINALITY AS c(value, n)
	LEFT JOIN "_pilgrim_ids_0024" m ON m."request_id" = r."id" AND m."position" = c.n - 1
)), "version" = r."version" + 1
WHERE EXISTS (SELECT 1 FROM "_pilgrim_ids_0024" m WHERE m."request_id" = r."id" AND m."old_id" IS DISTINCT FROM m."new_id");
--> statement-breakpoint
-- An invitation named a companion by the id they had: it follows them to the id they keep.
UPDATE "invitations" i SET "pilgrim_id" = m."new_id"
FROM "_pilgrim_ids_0024" m
WHERE m."request_id" = i."request_id" AND m."first" AND m."old_id" = i."pilgrim_id" AND m."old_id" <> m."new_id"
	AND NOT EXISTS (SELECT 1 FROM "invitations" o WHERE o."request_id" = i."request_id" AND o."pilgrim_id" = m."new_id");
--> statement-breakpoint
-- 3. Documents: from the place to the person at that place now. A document of a place no longer in the list
--    belongs to no one on the request: it keeps its old key, which matches no pilgrim, so it is never listed nor
--    served, and the housekeeping deletes it with its file (purgeStrayDocuments, lib/server/requests/request-files.ts).
UPDATE "documents" d SET "pilgrim" = m."new_id"
FROM "_pilgrim_ids_0024" m
WHERE m."request_id" = d."request_id" AND d."pilgrim" = 'companion-' || m."position";
--> statement-breakpoint
-- 4. The office's flags and their notes, per pilgrim: a place becomes that companion's id; a place no longer in
--    the list, or any other key that names no one on the request, is dropped.
UPDATE "requests" r SET "flagged" = (
	SELECT coalesce(jsonb_object_agg(coalesce(m."new_id", f.key), f.value), '{}'::jsonb)
	FROM jsonb_each(r."flagged") AS f(key, value)
	LEFT JOIN "_pilgrim_ids_0024" m ON m."request_id" = r."id" AND f.key = 'companion-' || m."position"
	WHERE f.key = 'applicant' OR m."new_id" IS NOT NULL OR EXISTS (SELECT 1 FROM "_pilgrim_ids_0024" k WHERE k."request_id" = r."id" AND k."new_id" = f.key)
)
WHERE jsonb_typeof(r."flagged") = 'object';
--> statement-breakpoint
UPDATE "requests" r SET "flag_notes" = (
	SELECT coalesce(jsonb_object_agg(coalesce(m."new_id", f.key), f.value), '{}'::jsonb)
	FROM jsonb_each(r."flag_notes") AS f(key, value)
	LEFT JOIN "_pilgrim_ids_0024" m ON m."request_id" = r."id" AND f.key = 'companion-' || m."position"
	WHERE f.key = 'applicant' OR m."new_id" IS NOT NULL OR EXISTS (SELECT 1 FROM "_pilgrim_ids_0024" k WHERE k."request_id" = r."id" AND k."new_id" = f.key)
)
WHERE jsonb_typeof(r."flag_notes") = 'object';
--> statement-breakpoint
-- 5. The answers as they were when changes were asked (the console's old -> new matches companions by id): a
--    companion there without an id is taken to be whoever is at that place now, as the console read it so far.
UPDATE "requests" r SET "previous_data" = jsonb_set(r."previous_data", '{companions}', (
	SELECT jsonb_agg(CASE
		WHEN jsonb_typeof(c.value) <> 'object' OR coalesce((c.value ->> 'pilgrim_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false) THEN c.value
		ELSE c.value || jsonb_build_object('pilgrim_id', coalesce(m."new_id", gen_random_uuid()::text))
	END ORDER BY c.n)
	FROM jsonb_array_elements(r."previous_data" -> 'companions') WITH ORDINALITY AS c(value, n)
	LEFT JOIN "_pilgrim_ids_0024" m ON m."request_id" = r."id" AND m."position" = c.n - 1
))
WHERE jsonb_typeof(r."previous_data" -> 'companions') = 'array'
	AND EXISTS (
		SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r."previous_data" -> 'companions') = 'array' THEN r."previous_data" -> 'companions' ELSE '[]'::jsonb END) AS c(value)
		WHERE jsonb_typeof(c.value) = 'object' AND NOT coalesce((c.value ->> 'pilgrim_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false)
	);
--> statement-breakpoint
DROP TABLE "_pilgrim_ids_0024";
