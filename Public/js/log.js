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

// A meal made by "+" is put where the phone is, when the person has already let this site know
// its location: the browser is never asked here. (The meal before it, within three hours, wins
// on the server.)
(async () => {
  if (!window.isSecureContext || !navigator.geolocation || !navigator.permissions) return;
  if (document.querySelector("form[action='/log'] input[name=meal]")) return;
  try {
    if ((await navigator.permissions.query({ name: "geolocation" })).state !== "granted") return;
  } catch { return; }
  navigator.geolocation.getCurrentPosition((position) => {
    const where = { latitude: position.coords.latitude.toFixed(5), longitude: position.coords.longitude.toFixed(5) };
    // Forms drawn after this (the next answer's page) carry it too.
    document.addEventListener("submit", (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/log" || form.querySelector("input[name=meal]")) return;
      for (const [name, value] of Object.entries(where)) {
        if (form.querySelector(`input[name=${name}]`)) continue;
        const input = Object.assign(document.createElement("input"), { type: "hidden", name, value });
        form.append(input);
      }
    }, true);
  }, () => {}, { maximumAge: 300000, timeout: 10000 });
})();
