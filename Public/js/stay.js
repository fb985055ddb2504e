// Forms marked data-stay (＋'s "+" and "Undo", an amount changed in place) are sent in the
// background and the answer's page is put in place: the list keeps its place, the keyboard stays
// up after a search, and no page load flashes. A form the server refuses (422) in an editor opened
// in place shows the server's form again, with what is wrong. Without this script the forms post
// and redirect as usual.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-stay") || form.method.toLowerCase() !== "post") return;
  event.preventDefault();
  // Read before the button is disabled: a disabled button's name and value are left out.
  const body = new URLSearchParams(event.submitter ? new FormData(form, event.submitter) : new FormData(form));
  const button = event.submitter || form.querySelector("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    if (response.status === 422 && form.closest("[data-editor]")) {
      const again = page.querySelector("form.amount-form");
      if (!again) throw new Error("no form");
      again.setAttribute("data-stay", "");
      form.replaceWith(again);
      document.dispatchEvent(new CustomEvent("fooddiary:amount-fields", { detail: again }));
      again.querySelector("[aria-invalid=true]")?.focus();
      return;
    }
    if (!response.ok || !response.redirected) throw new Error(String(response.status));
    const main = page.querySelector("main.page"), strip = page.querySelector(".status-strip");
    if (!main) throw new Error("no page");
    // A fold the person opened or closed (the meal being built) stays as they left it.
    for (const details of main.querySelectorAll("details[id]")) {
      const before = document.getElementById(details.id);
      if (before instanceof HTMLDetailsElement) details.open = before.open;
    }
    document.querySelector("main.page").replaceWith(main);
    const oldStrip = document.querySelector(".status-strip");
    if (oldStrip && strip) oldStrip.replaceWith(strip);
    history.replaceState(null, "", response.url);
    document.dispatchEvent(new CustomEvent("fooddiary:page-replaced", { detail: main }));
    const search = main.querySelector("#log-q");
    if (search && search.hasAttribute("autofocus")) search.focus();
    const changed = main.querySelector(".is-changed");
    if (changed) {
      const box = changed.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) changed.scrollIntoView({ block: "center" });
    }
    const added = main.querySelector(".log-added");
    if (added && added.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
  } catch {
    // Let the browser send it the ordinary way, and show whatever the server says.
    form.removeAttribute("data-stay");
    form.submit();
  }
});
