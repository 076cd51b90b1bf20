/**
 * For browsers without the Invoker Commands API: the two commands our dialogs use (show-modal and
 * close), in a few lines. Runs in the browser as an inline script (native-dialog.tsx).
 */
if (!("commandForElement" in HTMLButtonElement.prototype)) {
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[commandfor]") : null;
    const dialog = button && document.getElementById(button.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button!.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    else if (command === "close") dialog.close();
  });
}

export {};
