-- The change log (issue 22): one row per change, written in the writing transaction. `tx` is the
-- writing transaction's id: the live feed reads changes of ended transactions only, in (tx, id)
-- order, so a change that commits after a later-numbered one is never skipped. `seq` is the
-- change id the streams send (a sequence: entity ids elsewhere are uuids).
CREATE TABLE "changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"company_id" uuid NOT NULL,
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"user_ids" uuid[],
	"actor_id" uuid NOT NULL,
	"session_id" uuid,
	"fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "changes_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "changes_company_tx_idx" ON "changes" USING btree ("company_id","tx","seq");
--> statement-breakpoint
CREATE INDEX "changes_created_idx" ON "changes" USING btree ("created_at");
