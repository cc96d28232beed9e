-- Watchers and notification settings per kind (issue 23).
--
-- task_watchers: who is told of a task's changes (status, edits, due date, comments). The creator,
-- each assignee, whoever comments or is mentioned becomes one (trigger changes_watch and the
-- watchers subscriber); anyone who may read the task may watch or unwatch it. Filled here from
-- what made someone a follower before: the creator, the assignees, the commenters.
CREATE TABLE "task_watchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_watchers_uq" UNIQUE("company_id","task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "task_watchers_user_idx" ON "task_watchers" USING btree ("company_id","user_id");
--> statement-breakpoint
INSERT INTO "task_watchers" ("company_id", "task_id", "user_id")
SELECT t.company_id, t.id, u.id FROM "tasks" t
  JOIN "users" u ON u.company_id = t.company_id AND u.id = t.created_by
UNION
SELECT a.company_id, a.task_id, a.user_id FROM "task_assignees" a
UNION
SELECT c.company_id, c.task_id, c.author_id FROM "comments" c
  JOIN "users" u ON u.company_id = c.company_id AND u.id = c.author_id
  WHERE c.task_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION changes_watch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_watchers (company_id, task_id, user_id)
  SELECT NEW.company_id, t.id, u.id
  FROM tasks t
  JOIN users u ON u.company_id = NEW.company_id AND u.id = NEW.actor_id
  WHERE t.company_id = NEW.company_id
    AND t.id = CASE WHEN NEW.type = 'task' THEN NEW.entity_id::uuid ELSE NEW.task_id END
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER changes_watch AFTER INSERT ON "changes"
  FOR EACH ROW WHEN (NEW.action = 'created'
    AND (NEW.type = 'task' OR (NEW.type = 'comment' AND NEW.task_id IS NOT NULL)))
  EXECUTE FUNCTION changes_watch();
--> statement-breakpoint
-- Two new kinds: a watched task was edited (title, description, priority, ...), its due date moved.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed'));
--> statement-breakpoint
-- notification_preferences: per user and kind, in-app and email. No row = the kind's defaults
-- (in-app on; email on for assigned and mentioned only). Replaces notification_settings, whose
-- two email switches are carried over.
CREATE TABLE "notification_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_uq" UNIQUE("company_id","user_id","kind"),
	CONSTRAINT "notification_preferences_kind_ck" CHECK ("notification_preferences"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon', 'task_edited', 'due_date_changed'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "notification_preferences" ("company_id", "user_id", "kind", "in_app", "email")
SELECT company_id, user_id, 'assigned', true, email_on_assigned FROM "notification_settings"
UNION ALL
SELECT company_id, user_id, 'mentioned', true, email_on_mentioned FROM "notification_settings";
--> statement-breakpoint
DROP TABLE "notification_settings";
