import type { PgTable } from "drizzle-orm/pg-core";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
  trainingPrograms,
} from "~/training/tables";

/**
 * What a family's Training Program writes, from its login to its practice messages (children
 * before parents, the order databaseForSuite empties them in): the tables a suite that signs up
 * holders, buys a plan and adds people empties before each test. A suite with more tables lists
 * those first.
 */
export const FAMILY_TABLES: PgTable[] = [
  practiceEvents,
  practiceMessages,
  practiceAddressConsents,
  practiceSuppressions,
  trainingContacts,
  trainingPrograms,
  outboxMessages,
  smsSuppressions,
  requestLimits,
  members,
  subscriptions,
  customers,
  sessions,
  accounts,
  users,
];
