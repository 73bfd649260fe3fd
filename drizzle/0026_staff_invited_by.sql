-- Who invited each member from the console (issue 58, item 3): a refund proposed by one member
-- is never approved by a member of their line of invitations. Null: added with the operator's key.
ALTER TABLE "staff" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_invited_by_staff_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Members invited before this migration: the audit log says who added them ("staff.add" by a member).
UPDATE "staff" SET "invited_by" = "added"."staff_id"
FROM (
	SELECT DISTINCT ON ("target_id") "target_id", "staff_id"
	FROM "audit_log"
	WHERE "action" = 'staff.add' AND "actor_kind" = 'staff' AND "target_type" = 'staff' AND "staff_id" IS NOT NULL
	ORDER BY "target_id", "id"
) AS "added"
WHERE "added"."target_id" = "staff"."id"::text AND "added"."staff_id" <> "staff"."id";
