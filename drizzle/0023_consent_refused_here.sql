ALTER TABLE "practice_address_consents" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
-- Refusals stored before this are kept (they still suppress the mailbox for every family); a family
-- is marked as told of one only where the stored rows show the refusal answered that family: STOP
-- by text answers every family that sent the number a notice (it comes back to the number each
-- notice came from), and a practice message's stop (its "opted_out" event) answers the family the
-- message was for, when that stop wrote the refusal standing now. "No thanks" and "This isn't me"
-- did not record which family's notice they answered, so no family is marked for them: each family
-- sees the address as not answered (the safe direction: nothing is sent to it either way).
UPDATE "practice_address_consents" AS consent
SET "refused_at" = suppression."created_at"
FROM "practice_suppressions" AS suppression
WHERE suppression."address" = mailbox_key(consent."address")
  AND suppression."reason" LIKE 'sms-%'
  AND consent."notice_sent_at" IS NOT NULL
  AND consent."refused_at" IS NULL;--> statement-breakpoint
UPDATE "practice_address_consents" AS consent
SET "refused_at" = stopped."occurred_at"
FROM (
  SELECT DISTINCT ON (contact."subscription_id", mailbox_key(message."address"))
    contact."subscription_id", mailbox_key(message."address") AS mailbox, event."occurred_at"
  FROM "practice_events" AS event
  JOIN "practice_messages" AS message ON message."id" = event."message_id"
  JOIN "training_contacts" AS contact ON contact."id" = message."contact_id"
  WHERE event."kind" = 'opted_out' AND message."address" IS NOT NULL
  ORDER BY contact."subscription_id", mailbox_key(message."address"), event."occurred_at" DESC
) AS stopped
WHERE consent."subscription_id" = stopped."subscription_id"
  AND mailbox_key(consent."address") = stopped."mailbox"
  AND consent."refused_at" IS NULL
  -- The stop that wrote the mailbox's refusal standing now (not one lifted since).
  AND EXISTS (
    SELECT 1 FROM "practice_suppressions" AS suppression
    WHERE suppression."address" = stopped."mailbox" AND stopped."occurred_at" >= suppression."created_at"
  );
