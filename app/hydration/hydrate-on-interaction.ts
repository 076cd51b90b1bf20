import { watchForPopupMoment } from "~/newsletter/popup-moment";
import { DEFERRED_HYDRATION } from "./deferred-hydration";

type Names = typeof DEFERRED_HYDRATION;

/**
 * The script that stands in for React on a page that hydrates on the visitor's first interaction
 * (decision 021). The page arrives whole and readable, with React Router's scripts parked in an
 * inert `<template>`; links and anchors work as plain HTML. This script:
 * - puts the scripts back (and so loads React) when the visitor reaches for something only React
 *   can do: hovering, pressing or focusing a button or a form field starts it early;
 * - holds a press on a button, or a form's submission, and replays it once React has hydrated, so
 *   the first tap on "See sample emails", "Menu" or "Subscribe" is never lost;
 * - watches for the newsletter pop-up's moment from the page's start, and hydrates when it comes.
 *
 * It runs as the text of an inline script, so it must use nothing outside its own body and its
 * arguments: `watch` is `watchForPopupMoment`, sent along as text too.
 */
function hydrateOnInteraction(names: Names, watch: typeof watchForPopupMoment) {
  const template = document.getElementById(names.templateId);
  if (!(template instanceof HTMLTemplateElement)) return;
  const state = { popupDue: false };
  (window as unknown as Record<string, unknown>)[names.stateKey] = state;

  let started = false;
  let replay: (() => void) | null = null;

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
        // A script copied out of a template would not run; a new one with the same text does (and
        // its nonce or its hash in the Content-Security-Policy still allows it).
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

  const hydrateThen = (action: () => void) => {
    replay = action;
    hydrate();
  };
  window.addEventListener(
    names.hydratedEvent,
    () => {
      for (const [type, listener] of holds) document.removeEventListener(type, listener, true);
      const action = replay;
      replay = null;
      // After the effect that announced hydration, so React handles the replay as a fresh event.
      if (action) window.setTimeout(action, 0);
    },
    { once: true },
  );

  const interactive = (event: Event) =>
    event.target instanceof Element ? event.target.closest("button, input, select, textarea, label") : null;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    // A submit button's press arrives as the form's submit event, handled below.
    if (!button || (button.type === "submit" && button.form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hydrateThen(() => button.click());
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = (event as SubmitEvent).submitter;
    event.preventDefault();
    hydrateThen(() => form.requestSubmit(submitter));
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

  watch(() => {
    state.popupDue = true;
    hydrate();
    window.dispatchEvent(new Event(names.popupDueEvent));
  });
}

/** The inline script's text. Built once: it is the same for every page and every visitor. */
export const hydrateOnInteractionScript = `(${hydrateOnInteraction.toString()})(${JSON.stringify(
  DEFERRED_HYDRATION,
)},${watchForPopupMoment.toString()});`;
