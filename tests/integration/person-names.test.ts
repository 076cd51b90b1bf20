/**
 * Names other people can write into our mail: better-auth's own endpoints (update-user, sign-up)
 * take only what the site sends, and a name must follow the shared rule (app/validation/fields.ts).
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { getAuth } from "~/account/auth.server";
import { action as apiAuthAction } from "~/routes/api.auth";
import { PERSON_NAME_MESSAGE } from "~/validation/fields";

const ORIGIN = "http://localhost:3000";

/**
 * A JSON POST to better-auth's own handler for /api/auth/<path>, as a script (not our pages)
 * would send it. It goes to better-auth directly: the site's route may not expose the endpoint at
 * all (auth-endpoints.server.ts), and what is checked here must hold whichever endpoints it serves.
 */
function authRequest(path: string, body: unknown, cookie?: string) {
  return new Request(`${ORIGIN}/api/auth/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function postAuth(path: string, body: unknown, cookie?: string) {
  const response = await (await getAuth()).handler(authRequest(path, body, cookie));
  const text = await response.text();
  return { status: response.status, message: (text ? (JSON.parse(text) as { message?: string }) : {}).message ?? "" };
}

describe.each(DATABASE_TARGETS)("names written through /api/auth on $name", (target) => {
  const suite = databaseForSuite(target, [sessions, accounts, verifications, users, requestLimits, outboxMessages]);
  const userRow = async (email: string) =>
    (await suite.handle.db.select().from(users).where(eq(users.email, email)))[0];

  it("update-user refuses a name with a line break and a link, and stores nothing", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-names@example.com");
    for (const name of [
      "Pat\nhttp://x.example",
      "Pat\r\nCall 5550100",
      "pat@evil.example",
      "www.evil",
      "x".repeat(61),
    ]) {
      const answer = await postAuth("update-user", { name }, cookie);
      expect(answer, name).toEqual({ status: 400, message: PERSON_NAME_MESSAGE });
    }
    expect((await userRow("pat-names@example.com"))!.name).toBe("pat-names");
  });

  it("the site's /api/auth route stores neither, whatever it answers", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-route@example.com");
    for (const body of [{ name: "Pat\nhttp://x.example" }, { image: "javascript:alert(1)" }]) {
      const response = (await apiAuthAction({
        request: authRequest("update-user", body, cookie),
        params: {},
        context: { clientIp: "198.51.100.78" },
      } as never)) as Response;
      expect([400, 404]).toContain(response.status);
    }
    expect(await userRow("pat-route@example.com")).toMatchObject({ name: "pat-route", image: null });
  });

  it("update-user refuses an image (or any other field) with a clear message, and stores nothing", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-image@example.com");
    const image = await postAuth("update-user", { image: "javascript:alert(1)" }, cookie);
    expect(image.status).toBe(400);
    expect(image.message).toBe("These fields cannot be set here: image. Only name.");
    const both = await postAuth("update-user", { name: "Pat Lee", image: "https://evil.example/x.png" }, cookie);
    expect(both.status).toBe(400);
    expect(both.message).toContain("image");
    const role = await postAuth("update-user", { role: "staff" }, cookie);
    expect(role.status).toBe(400);
    const row = await userRow("pat-image@example.com");
    expect(row).toMatchObject({ name: "pat-image", image: null, role: "member" });
  });

  it("update-user still takes a real name, in any script", async () => {
    const cookie = await signedInCookie(suite.handle, "zoe@example.com");
    expect((await postAuth("update-user", { name: "Zoë O'Brien-Smith" }, cookie)).status).toBe(200);
    expect((await userRow("zoe@example.com"))!.name).toBe("Zoë O'Brien-Smith");
    expect((await postAuth("update-user", { name: "王小明" }, cookie)).status).toBe(200);
    expect((await userRow("zoe@example.com"))!.name).toBe("王小明");
  });

  it("sign-up/email refuses a bad name or an image, and creates no account", async () => {
    const refused = [
      { email: "new1@example.com", password: "secret123", name: "Bob\nhttp://x.example" },
      { email: "new2@example.com", password: "secret123", name: "Call 5550100" },
      { email: "new3@example.com", password: "secret123", name: "Bob", image: "javascript:alert(1)" },
      { email: "new4@example.com", password: "secret123", name: 42 },
    ];
    for (const body of refused) {
      const answer = await postAuth("sign-up/email", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await postAuth("sign-up/email", refused[0])).message).toBe(PERSON_NAME_MESSAGE);
    expect(await suite.handle.db.select().from(users)).toEqual([]);
  });

  it("sign-up/email takes a real name, or the email's local part that our own sign-up sends", async () => {
    expect(
      (await postAuth("sign-up/email", { email: "ana@example.com", password: "secret123", name: "Ana Díaz" })).status,
    ).toBe(200);
    expect((await userRow("ana@example.com"))!.name).toBe("Ana Díaz");
    // Our /auth form's stand-in (never shown or mailed: see realNameOf) passes even with digits.
    await signedInCookie(suite.handle, "family29164@example.com");
    expect((await userRow("family29164@example.com"))!.name).toBe("family29164");
  });
});
