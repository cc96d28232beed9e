-- A person's time zone (issue 25/22): an IANA name ('Europe/Berlin'), 'UTC' by default. It decides
-- which day is "today" for them: the week their timesheet opens on, when their timesheet and
-- due-soon reminders reach them, and the day a running timer's entry is written on.
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;
