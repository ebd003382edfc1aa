-- Trust (issue 14), the rest: accounts an admin blocks, and changes to approved profiles that
-- wait for review.
--
-- 1. Blocking. A blocked account cannot sign in and its sessions are deleted; its profile is
-- hidden (status 'hidden', the status it had kept in status_before_block so unblocking restores
-- it) and the reviews it wrote are hidden (hidden_by_block marks the ones unblocking shows again;
-- the rating trigger of 0011 recomputes the ratings either way).
ALTER TABLE auth_users ADD COLUMN IF NOT EXISTS blocked_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE consultants ADD COLUMN IF NOT EXISTS status_before_block varchar(20);
--> statement-breakpoint
ALTER TABLE consultants DROP CONSTRAINT IF EXISTS consultants_status_before_block_check;
--> statement-breakpoint
ALTER TABLE consultants ADD CONSTRAINT consultants_status_before_block_check
  CHECK (status_before_block IS NULL OR status_before_block IN ('pending', 'approved', 'rejected', 'hidden'));
--> statement-breakpoint
ALTER TABLE reviews ADD COLUMN IF NOT EXISTS hidden_by_block boolean NOT NULL DEFAULT false;
--> statement-breakpoint
--
-- 2. Reviewed changes. The consultants row is always the published (approved) version: the
-- public page, the API, the search and the CV read it unchanged. A change an owner makes to an
-- approved profile's name, title, summary, photo, specializations or assignments waits here (one
-- per profile; a later edit merges into it) until an admin approves it (written onto the row,
-- then this row goes) or rejects it (status 'rejected' with the reason the owner reads, until
-- their next edit).
CREATE TABLE IF NOT EXISTS consultant_changes (
  consultant_id integer PRIMARY KEY REFERENCES consultants(id) ON DELETE CASCADE,
  status varchar(20) NOT NULL DEFAULT 'pending',
  changes jsonb NOT NULL,
  reason text,
  submitted_by integer REFERENCES auth_users(id) ON DELETE SET NULL,
  submitted_at timestamp with time zone NOT NULL DEFAULT now(),
  decided_at timestamp with time zone,
  CONSTRAINT consultant_changes_status_check CHECK (status IN ('pending', 'rejected')),
  CONSTRAINT consultant_changes_changes_check CHECK (jsonb_typeof(changes) = 'object'),
  CONSTRAINT consultant_changes_reason_check CHECK (reason IS NULL OR char_length(reason) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
-- The approval queue lists pending changes oldest first.
CREATE INDEX IF NOT EXISTS consultant_changes_pending_idx ON consultant_changes (submitted_at) WHERE status = 'pending';
--> statement-breakpoint
-- A photo a pending change proposes is in use: the photo clean-up looks it up.
CREATE INDEX IF NOT EXISTS consultant_changes_photo_idx ON consultant_changes ((changes ->> 'profilePhotoUrl'))
  WHERE status = 'pending' AND changes ? 'profilePhotoUrl';
--> statement-breakpoint
--
-- 3. The audit log records owners' changes (published at once or submitted for review), the
-- decisions on them, and blocking.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                    'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock'));
