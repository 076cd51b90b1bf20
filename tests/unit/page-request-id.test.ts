import { describe, expect, it } from "vitest";
import { PAGE_REQUEST_ID_HEADER as readByTheApp } from "~/account/session.server";
import { PAGE_REQUEST_ID_HEADER as setByTheServer } from "../../http/page-handler";

describe("the page-request id that lets one page's loaders share a session look-up", () => {
  it("is the header the server sets and the session code reads", () => {
    expect(readByTheApp).toBe(setByTheServer);
    expect(setByTheServer).toMatch(/^x-[a-z-]+$/);
  });
});
