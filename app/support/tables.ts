/**
 * Support requests from the contact form.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

export const supportRequests = pgTable("support_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  priority: boolean("priority").notNull().default(false),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  createdAt: createdAt(),
});
