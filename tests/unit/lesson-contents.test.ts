import { describe, expect, it } from "vitest";
import { addLessonContents, headingSlug } from "~/weekly/lesson-contents";

describe("a weekly lesson's contents list", () => {
  it("anchors every section heading and lists them in order, keeping an id a heading already has", () => {
    const { html, contents } = addLessonContents(
      [
        "<h2>What is a SIM swap?</h2><p>Text.</p>",
        '<section><h2 class="!mt-0"><svg aria-hidden="true"></svg> For children (8–12)</h2></section>',
        '<h2 id="check-title">Check yourself</h2>',
        "<h2>Talk about it: &quot;Mom&#x27;s&quot; rules &amp; yours</h2>",
        "<h2>What is a SIM swap?</h2>",
      ].join(""),
    );
    expect(contents).toEqual([
      { id: "what-is-a-sim-swap", title: "What is a SIM swap?" },
      { id: "for-children-8-12", title: "For children (8–12)" },
      { id: "check-title", title: "Check yourself" },
      { id: "talk-about-it-mom-s-rules-yours", title: `Talk about it: "Mom's" rules & yours` },
      { id: "what-is-a-sim-swap-2", title: "What is a SIM swap?" },
    ]);
    expect(html).toContain('<h2 id="what-is-a-sim-swap">What is a SIM swap?</h2>');
    expect(html).toContain('<h2 class="!mt-0" id="for-children-8-12"><svg aria-hidden="true"></svg>');
    expect(html).toContain('<h2 id="check-title">Check yourself</h2>');
    expect(html).toContain('<h2 id="what-is-a-sim-swap-2">');
    expect(html.match(/ id="/g)).toHaveLength(5);
  });

  it("makes a short, plain slug and never an empty one", () => {
    expect(headingSlug("Café — ¿Qué pasa?")).toBe("cafe-que-pasa");
    expect(headingSlug("!!!")).toBe("section");
  });
});
