// "＋ What did you eat?": a tap on "+" or "Undo" sends its form in the background and puts the
// answer's page in place, so the list keeps its place, the keyboard stays up after a search, and
// no page load flashes between foods. Without this script the forms post and redirect as usual.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-stay") || form.method.toLowerCase() !== "post") return;
  event.preventDefault();
  const button = form.querySelector("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const response = await fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" });
    if (!response.ok || !response.redirected) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const main = page.querySelector("main.page"), strip = page.querySelector(".status-strip");
    if (!main) throw new Error("no page");
    document.querySelector("main.page").replaceWith(main);
    const oldStrip = document.querySelector(".status-strip");
    if (oldStrip && strip) oldStrip.replaceWith(strip);
    history.replaceState(null, "", response.url);
    const search = main.querySelector("#log-q");
    if (search && search.hasAttribute("autofocus")) search.focus();
    const added = main.querySelector(".log-added");
    if (added && added.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
  } catch {
    // Let the browser send it the ordinary way, and show whatever the server says.
    form.removeAttribute("data-stay");
    form.submit();
  }
});
