// The new link is there to be copied: a tap selects all of it, and Copy puts it on the clipboard
// (or, where the page is not HTTPS and the clipboard is closed to it, leaves it selected).
for (const field of document.querySelectorAll(".share-link")) {
  field.addEventListener("focus", () => field.select());
  const copy = field.parentElement.querySelector("[data-copy]");
  if (!copy) continue;
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand("copy");
    }
    copy.textContent = t("Copied");
  });
}
