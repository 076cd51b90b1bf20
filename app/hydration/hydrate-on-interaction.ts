import { DEFERRED_HYDRATION } from "./deferred-hydration";

type Names = typeof DEFERRED_HYDRATION;

/**
 * The script that stands in for React on a page that hydrates on the visitor's first interaction
 * (decisions 021 and 023). The page arrives whole and readable, with React Router's scripts parked in an
 * inert `<template>`; links and anchors work as plain HTML. This script:
 * - puts the scripts back (and so loads React) when the visitor reaches for something only React
 *   can do: hovering, pressing or focusing a button or a form field starts it early;
 * - holds each press on a button, form submission and tick of a radio button or checkbox, and
 *   replays them in order once React has hydrated the element (a course page's text hydrates a
 *   moment after the rest), so the first tap on "See sample emails",
 *   or a self-check's answer is never lost.
 * Only the course pages use it now: the home and pricing pages ship no script (decision 038).
 *
 * It runs as the text of an inline script, so it must use nothing outside its own body and its
 * argument.
 */
function hydrateOnInteraction(names: Names) {
  const template = document.getElementById(names.templateId);
  if (!(template instanceof HTMLTemplateElement)) return;
  // Says the stand-in is in place (the browser tests wait for it).
  (window as unknown as Record<string, unknown>)[names.stateKey] = {};

  let started = false;
  // Set when the root announces that React has hydrated. A part of the page that waits for its own
  // code (a course page's text is a lazily loaded chunk) is hydrated a little later, so presses are
  // still held after this until React owns the element pressed.
  let announced = false;
  // What the visitor did before React owned it, in order: each is done again once the element it
  // was done to belongs to React. `settle` reads what the visitor chose; for what was held before the
  // announcement it runs for all of them as soon as React announces itself, while the page still
  // shows exactly what the visitor did.
  const held: { element: Element; replay: (element: Element) => void; settle?: () => void }[] = [];

  const hydrate = () => {
    if (started) return;
    started = true;
    for (const [type, listener] of warmUps) document.removeEventListener(type, listener, true);
    // The DOM becomes exactly what the server sent, so React hydrates it as if it had never waited.
    const restored = document.createDocumentFragment();
    for (const node of Array.from(template.content.childNodes)) {
      if (node.nodeName === "LINK") {
        document.head.append(document.importNode(node, true));
      } else if (node.nodeName === "SCRIPT") {
        // A script copied out of a template would not run; a new one with the same text and
        // attributes does (and its nonce or its hash in the Content-Security-Policy still allows it).
        const parked = node as HTMLScriptElement;
        const script = document.createElement("script");
        for (const { name, value } of Array.from(parked.attributes)) script.setAttribute(name, value);
        script.text = parked.text;
        restored.append(script);
      } else {
        restored.append(document.importNode(node, true));
      }
    }
    template.replaceWith(restored);
    document.getElementById(names.bootstrapId)?.remove();
  };

  // React marks each DOM node it has hydrated.
  const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  // A radio button or checkbox React rendered anew (instead of hydrating the server's) is found
  // again by its name and value, so a press held for the old one is not lost with it.
  const current = (element: Element): Element => {
    if (element.isConnected || !(element instanceof HTMLInputElement) || !element.name) return element;
    const selector = `input[type="${element.type}"][name="${CSS.escape(element.name)}"][value="${CSS.escape(element.value)}"]`;
    return document.querySelector(selector) ?? element;
  };
  const whenOwned = (element: Element, then: (owned: Element) => void) => {
    const since = performance.now();
    const look = () => {
      const now = current(element);
      if (ownedByReact(now) || !now.isConnected || performance.now() - since > 10_000) then(now);
      else window.setTimeout(look, 20);
    };
    look();
  };
  // True while a held press is done again, so the handlers below let it through to React.
  let replaying = false;
  let pumping = false;
  const replayInOrder = () => {
    const next = held[0];
    if (pumping || !announced || !next) return;
    pumping = true;
    whenOwned(next.element, (owned) => {
      pumping = false;
      // A form sent again while it waited was moved to the end of the queue: only that one is sent.
      if (held[0] !== next) return replayInOrder();
      held.shift();
      replaying = true;
      try {
        next.replay(owned);
      } finally {
        replaying = false;
      }
      replayInOrder();
    });
  };
  const hold = (element: Element, replay: (element: Element) => void, settle?: () => void) => {
    held.push({ element, replay, settle });
    if (announced) {
      settle?.();
      replayInOrder();
    } else hydrate();
  };
  window.addEventListener(
    names.hydratedEvent,
    () => {
      announced = true;
      for (const entry of held) entry.settle?.();
      // After the effect that announced hydration, so React handles each replay as a fresh event.
      window.setTimeout(replayInOrder, 0);
    },
    { once: true },
  );
  // Whether React can take this press itself: it owns the element and nothing is waiting before it.
  const reactTakes = (element: Element) => replaying || (announced && held.length === 0 && ownedByReact(element));

  // A button that opens a popover (the site menu) is the platform's own and needs no React.
  const interactive = (event: Event) => {
    const element =
      event.target instanceof Element ? event.target.closest("button, input, select, textarea, label") : null;
    return element?.hasAttribute("popovertarget") ? null : element;
  };

  /**
   * A radio button or a checkbox ticks at once, as the visitor expects, and React hydrates the box
   * as it finds it. What the visitor chose is read when React announces itself (a replayed answer
   * re-renders its neighbours, which may untick them), or at the tap for one that comes after; each
   * box that differs from what the server sent is then set back and clicked once React owns it,
   * which React sees as the visitor's change. A second tap before the announcement that undid the
   * first, or a radio left for another in its group, is not replayed.
   */
  const holdChoice = (box: HTMLInputElement) => {
    const earlier = held.find((entry) => entry.element === box);
    // Tapped again after the announcement: what the visitor sees now is what they chose.
    if (earlier) return announced ? earlier.settle?.() : hydrate();
    let wanted = false;
    const settle = () => {
      wanted = box.checked;
    };
    hold(
      box,
      (owned) => {
        const changed = box.type === "radio" ? wanted && !box.defaultChecked : wanted !== box.defaultChecked;
        if (!changed || !(owned instanceof HTMLInputElement)) return;
        owned.checked = !wanted;
        owned.click();
      },
      settle,
    );
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const box = target?.closest("input");
    if (box && (box.type === "radio" || box.type === "checkbox")) return reactTakes(box) || holdChoice(box);
    const button = target?.closest("button");
    // A submit button's press arrives as the form's submit event, handled below.
    if (!button || (button.type === "submit" && button.form) || button.hasAttribute("popovertarget")) return;
    if (reactTakes(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(button, () => button.click());
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || reactTakes(form)) return;
    const submitter = (event as SubmitEvent).submitter;
    event.preventDefault();
    // A form sent twice before React came is sent once.
    const earlier = held.findIndex((entry) => entry.element === form);
    if (earlier >= 0) held.splice(earlier, 1);
    hold(form, () => form.requestSubmit(submitter));
  };
  const warmUp = (event: Event) => {
    if (interactive(event)) hydrate();
  };
  // Presses are held until React has hydrated; the warm-ups only start it.
  const holds: [string, EventListener][] = [
    ["click", onClick],
    ["submit", onSubmit],
  ];
  const warmUps: [string, EventListener][] = [
    ["pointerover", warmUp],
    ["pointerdown", warmUp],
    ["focusin", warmUp],
  ];
  for (const [type, listener] of [...holds, ...warmUps]) document.addEventListener(type, listener, true);
}

// Built once: the same for every page and every visitor.
const STAND_IN_SCRIPT = `(${hydrateOnInteraction.toString()})(${JSON.stringify(DEFERRED_HYDRATION)});`;

/** The inline script's text. */
export function standInScript(): string {
  return STAND_IN_SCRIPT;
}
