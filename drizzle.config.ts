import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/*/tables.ts",
  out: "./drizzle",
});
