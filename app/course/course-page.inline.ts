/**
 * The course page's only script (decision 039), inline and small (course-page-script.tsx renders
 * it): it keeps each self-check's total ("2 of 3 answered.", then "You got 2 of 3 right.", in the
 * page's language) and makes "Print this page" print. Both are hidden until it runs, so without
 * JavaScript nothing on the page pretends to work.
 */
const update = (section: Element) => {
  const total = section.querySelector("[data-self-check-total]");
  if (!total) return;
  const questions = [...section.querySelectorAll("fieldset")];
  const picked = questions.map((question) => question.querySelector("input:checked"));
  const answered = picked.filter(Boolean).length;
  const right = picked.filter((input) => input?.hasAttribute("data-right")).length;
  // The sentences come written, in the page's language, from the self-check itself.
  const sentences = JSON.parse(total.getAttribute("data-self-check-total") || "{}") as {
    answered?: string[];
    right?: string[];
  };
  const sentence = answered === questions.length ? sentences.right?.[right] : sentences.answered?.[answered];
  if (sentence) total.textContent = sentence;
};
for (const section of document.querySelectorAll("[data-self-check]")) {
  section.querySelector("[data-self-check-total]")?.removeAttribute("hidden");
  update(section);
}
document.addEventListener("change", (event) => {
  const section = event.target instanceof Element ? event.target.closest("[data-self-check]") : null;
  if (section) update(section);
});
const print = document.querySelector("[data-print-page]");
print?.removeAttribute("hidden");
print?.addEventListener("click", () => window.print());

export {};
