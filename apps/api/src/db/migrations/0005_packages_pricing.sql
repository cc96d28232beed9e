ALTER TABLE "packages" ADD COLUMN "yearly_price" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "billing_cycle" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "payment_status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_yearly_price_ck" CHECK ("packages"."yearly_price" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_trial_days_ck" CHECK ("packages"."trial_days" >= 0);--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_cycle_ck" CHECK ("package_purchases"."billing_cycle" in ('monthly','yearly'));