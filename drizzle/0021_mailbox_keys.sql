-- Refusals match the mailbox, not the spelling (#33): "name+1@x" and "name@x" reach one inbox, and
-- Gmail also ignores dots and reads googlemail.com as gmail.com. mailbox_key() is the SQL twin of
-- mailboxKey() in app/mail/mailbox-key.ts (a test holds the two to the same answers).
CREATE OR REPLACE FUNCTION mailbox_key(address text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN position('@' IN trimmed) = 0 THEN trimmed
    WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
    ELSE local || '@' || domain
  END
  FROM (
    SELECT
      trimmed,
      regexp_replace(lower(regexp_replace(trimmed, '@[^@]*$', '')), '^([^+]+)\+.*$', '\1') AS local,
      regexp_replace(lower(regexp_replace(trimmed, '^.*@', '')), '\.$', '') AS domain
    FROM (SELECT btrim(address, E' \t\r\n') AS trimmed) AS input
  ) AS parts
$$;
--> statement-breakpoint
-- Suppressions written before this are re-keyed to their mailbox. No refusal is lost: when two old
-- spellings share a mailbox the earliest is kept, and a key that already exists stays as it is.
INSERT INTO "practice_suppressions" ("address", "channel", "reason", "created_at")
SELECT DISTINCT ON (mailbox_key("address")) mailbox_key("address"), "channel", "reason", "created_at"
FROM "practice_suppressions"
WHERE "address" <> mailbox_key("address")
ORDER BY mailbox_key("address"), "created_at"
ON CONFLICT ("address") DO NOTHING;
--> statement-breakpoint
DELETE FROM "practice_suppressions" WHERE "address" <> mailbox_key("address");
