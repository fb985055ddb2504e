// On a wide screen the meal being built stands open beside the search; on a phone it stays
// folded to its count and total until tapped. (Each add keeps it as it was: stay.js.)
if (matchMedia("(min-width: 1000px)").matches) document.getElementById("log-building")?.setAttribute("open", "");

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
