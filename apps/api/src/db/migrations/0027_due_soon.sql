-- Due-soon reminders (issue 22): a notification kind, sent once per person, task and due date.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('assigned', 'mentioned', 'commented', 'status_changed', 'timelog_changed', 'due_soon'));
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_due_soon_uq" ON "notifications" USING btree ("company_id","user_id","task_id","detail") WHERE "notifications"."kind" = 'due_soon';
