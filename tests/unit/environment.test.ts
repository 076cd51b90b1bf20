import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "~/config/env.server";
// @ts-expect-error: a plain .mjs script without type declarations
import { productionEnvironment } from "../../scripts/production-env.mjs";

const TOUCHED = [
  "NODE_ENV",
  "APP_ENV",
  "HOST",
  "PORT",
  "STRIPE_SECRET_KEY",
  "SMTP_URL",
  "LOG_LEVEL",
  "TRUST_PROXY",
  "DATABASE_URL",
  "AUTH_SECRET",
  "APP_URL",
  "PRACTICE_MAIL_DOMAIN",
  "PRACTICE_LINK_ORIGIN",
  "DKIM_PRIVATE_KEY",
  "DKIM_SELECTOR",
  "PRACTICE_RESPONSE_WINDOW_DAYS",
];
const saved = Object.fromEntries(TOUCHED.map((key) => [key, process.env[key]]));

afterEach(() => {
  for (const key of TOUCHED) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvForTests();
});

describe("configuration", () => {
  it("treats empty variables as unset instead of refusing to start", () => {
    Object.assign(process.env, {
      NODE_ENV: "",
      APP_ENV: "",
      PORT: " ",
      STRIPE_SECRET_KEY: "",
      SMTP_URL: "",
      LOG_LEVEL: "",
      TRUST_PROXY: "",
      DATABASE_URL: "",
    });
    resetEnvForTests();
    const env = getEnv();
    expect(env.NODE_ENV).toBe("development");
    expect(env.APP_ENV).toBe("local");
    expect(env.PORT).toBe(3000);
    expect(env.paymentMode).toBe("demo");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(0);
  });

  it("listens on loopback by default in local mode, and on every interface in production", () => {
    delete process.env.HOST;
    resetEnvForTests();
    expect(getEnv().HOST).toBe("127.0.0.1");
    process.env.APP_ENV = "production";
    resetEnvForTests();
    expect(getEnv().HOST).toBe("0.0.0.0");
    process.env.HOST = "10.0.0.4";
    resetEnvForTests();
    expect(getEnv().HOST).toBe("10.0.0.4");
  });
});

describe("the session-signing secret", () => {
  it("is required in production: without AUTH_SECRET the configuration is refused, so the site does not start", () => {
    process.env.APP_ENV = "production";
    process.env.SMTP_URL = "smtp://mail.example:587";
    for (const missing of [undefined, "", "   "]) {
      if (missing === undefined) delete process.env.AUTH_SECRET;
      else process.env.AUTH_SECRET = missing;
      resetEnvForTests();
      expect(() => getEnv()).toThrow(/AUTH_SECRET \(32\+ characters\) must be set when APP_ENV=production/);
    }
    process.env.AUTH_SECRET = "x".repeat(32);
    resetEnvForTests();
    expect(getEnv().isProduction).toBe(true);
  });

  it("may be left out in local mode, which generates one", () => {
    delete process.env.APP_ENV;
    delete process.env.AUTH_SECRET;
    resetEnvForTests();
    expect(getEnv().AUTH_SECRET).toBeUndefined();
  });
});

describe("npm start", () => {
  it("always builds and serves production, whatever NODE_ENV the caller exported", () => {
    for (const callerValue of ["development", "", "test", undefined]) {
      const env = productionEnvironment({ PATH: "/usr/bin", NODE_ENV: callerValue, PORT: "4000" });
      expect(env).toEqual({ PATH: "/usr/bin", NODE_ENV: "production", PORT: "4000" });
    }
  });

  it("gives practice messages a domain and a host of their own: local defaults, production only when set", () => {
    for (const key of ["APP_ENV", "APP_URL", "PRACTICE_MAIL_DOMAIN", "PRACTICE_LINK_ORIGIN", "PORT"])
      delete process.env[key];
    resetEnvForTests();
    // Locally: the other loopback name, so the browser keeps the two hosts' cookies apart.
    expect(getEnv().practice).toEqual({ mailDomain: "practice.scam-free.test", linkOrigin: "http://127.0.0.1:3000" });
    process.env.APP_URL = "http://127.0.0.1:4173";
    resetEnvForTests();
    expect(getEnv().practice?.linkOrigin).toBe("http://localhost:4173");

    Object.assign(process.env, {
      APP_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      APP_URL: "https://scam-free.example",
    });
    resetEnvForTests();
    expect(getEnv().practice).toBeNull();
    Object.assign(process.env, {
      PRACTICE_MAIL_DOMAIN: "Notices-Mail.example.org",
      PRACTICE_LINK_ORIGIN: "https://go.notices-mail.example.org/",
    });
    resetEnvForTests();
    expect(getEnv().practice).toEqual({
      mailDomain: "notices-mail.example.org",
      linkOrigin: "https://go.notices-mail.example.org",
    });

    process.env.PRACTICE_LINK_ORIGIN = "https://scam-free.example/go";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/PRACTICE_LINK_ORIGIN must be another host than APP_URL's/);
    process.env.PRACTICE_LINK_ORIGIN = "ftp://go.notices-mail.example.org";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/PRACTICE_LINK_ORIGIN/);
    process.env.PRACTICE_LINK_ORIGIN = "https://go.notices-mail.example.org";
    process.env.PRACTICE_MAIL_DOMAIN = "not a domain";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/PRACTICE_MAIL_DOMAIN: a domain name/);
  });

  it("gives a person 3 days to answer a practice message unless PRACTICE_RESPONSE_WINDOW_DAYS says otherwise", () => {
    delete process.env.PRACTICE_RESPONSE_WINDOW_DAYS;
    resetEnvForTests();
    expect(getEnv().PRACTICE_RESPONSE_WINDOW_DAYS).toBe(3);
    process.env.PRACTICE_RESPONSE_WINDOW_DAYS = " ";
    resetEnvForTests();
    expect(getEnv().PRACTICE_RESPONSE_WINDOW_DAYS).toBe(3);
    process.env.PRACTICE_RESPONSE_WINDOW_DAYS = "7";
    resetEnvForTests();
    expect(getEnv().PRACTICE_RESPONSE_WINDOW_DAYS).toBe(7);
    for (const wrong of ["0", "31", "1.5", "soon"]) {
      process.env.PRACTICE_RESPONSE_WINDOW_DAYS = wrong;
      resetEnvForTests();
      expect(() => getEnv(), wrong).toThrow(/PRACTICE_RESPONSE_WINDOW_DAYS/);
    }
  });

  it("takes DKIM settings both or neither, a PEM key whose line breaks may be written \\n", () => {
    process.env.DKIM_SELECTOR = "practice2026";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/DKIM needs both DKIM_PRIVATE_KEY and DKIM_SELECTOR/);
    process.env.DKIM_PRIVATE_KEY = "not a key";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/DKIM_PRIVATE_KEY must be a PEM private key/);
    process.env.DKIM_PRIVATE_KEY = "-----BEGIN PRIVATE KEY-----\\nMIIabc\\n-----END PRIVATE KEY-----";
    resetEnvForTests();
    expect(getEnv().DKIM_PRIVATE_KEY).toBe("-----BEGIN PRIVATE KEY-----\nMIIabc\n-----END PRIVATE KEY-----");
  });
});
