// A tap on a food's amount (a row on Today or a meal's page, "Change" on ＋) opens the amount form
// right under it, read from the food's own page: its measures, − and +, Save and Remove. Saving
// and removing go through stay.js, so the page answers in place with the food marked. Without
// this script (or if reading the form fails) the link opens the food's page, amount first.
document.addEventListener("click", async (event) => {
  const cancel = event.target.closest("[data-editor] button[data-close]");
  if (cancel) {
    closeEditor();
    return;
  }
  const link = event.target.closest("a[data-amount-editor]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const wasOpen = document.querySelector("[data-editor]")?.dataset.for === link.href;
  closeEditor();
  if (wasOpen) return;
  try {
    const response = await fetch(link.href, { credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const form = page.querySelector("form.amount-form");
    if (!form) throw new Error("no amount form");
    const editor = document.createElement("div");
    editor.className = "amount-editor";
    editor.dataset.editor = "";
    editor.dataset.for = link.href;
    editor.setAttribute("role", "group");
    editor.setAttribute("aria-label", "Change the amount of " + (page.querySelector("h1")?.textContent || "this food"));
    form.setAttribute("data-stay", "");
    form.querySelector(".actions")?.append(
      Object.assign(document.createElement("button"), { type: "button", className: "button", textContent: t("Cancel") }));
    form.querySelector(".actions button[type=button]").dataset.close = "";
    editor.append(form);
    const remove = page.querySelector("form.entry-remove");
    if (remove) {
      remove.setAttribute("data-stay", "");
      editor.append(remove);
    }
    const more = Object.assign(document.createElement("a"), { href: link.href, className: "button small amount-editor-more", textContent: t("Nutrients and more →") });
    editor.append(more);
    (link.closest("li") || link.closest(".log-added") || link).after(editor);
    link.setAttribute("aria-expanded", "true");
    document.dispatchEvent(new CustomEvent("fooddiary:amount-fields", { detail: editor }));
    (editor.querySelector("input[name=amount]:checked") || editor.querySelector("input, button")).focus({ preventScroll: true });
    const box = editor.getBoundingClientRect();
    if (box.bottom > window.innerHeight) editor.scrollIntoView({ block: "nearest" });
  } catch {
    location.href = link.href;
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && document.querySelector("[data-editor]")) closeEditor(true);
});

function closeEditor(refocus = false) {
  const open = document.querySelector("[data-editor]");
  if (!open) return;
  const link = [...document.querySelectorAll("a[data-amount-editor]")].find((a) => a.href === open.dataset.for);
  open.remove();
  if (link) {
    link.setAttribute("aria-expanded", "false");
    if (refocus) link.focus();
  }
}
