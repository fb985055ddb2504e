// A new meal defaults to the browser's own "now" and time zone, which may differ from the server's.
// Edits keep the offset the meal was entered with, so a trip abroad does not shift old meals.
(function () {
  const form = document.getElementById("meal-form");
  if (!form || form.dataset.new !== "true") return;
  const when = document.getElementById("eaten_at");
  const offset = document.getElementById("utc_offset");
  const pad = (n) => String(n).padStart(2, "0");
  if (form.dataset.fresh === "true") {
    // Opened from a day's page: that day, at the browser's time of day.
    const now = new Date();
    const day = form.dataset.day || `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    when.value = `${day}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
  }
  form.addEventListener("submit", function () {
    const chosen = new Date(when.value);
    if (!isNaN(chosen)) offset.value = String(-chosen.getTimezoneOffset());
  });
})();
